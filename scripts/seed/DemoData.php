<?php
/**
 * Word lists for the demo seed: Indian states and cities, public buyers, and notice subjects by
 * category. Invented but realistic; no real notice is reproduced.
 */
final class TenderPress_Demo_Data {

	/** What each kind of notice asks of bidders (the Eligibility tab). */
	public const ELIGIBILITY = array(
		'tender' => "Bids are open to firms registered in India with a valid GST registration and PAN.\n\n- An average annual turnover over the last three years of at least 30% of the estimated value\n- At least one similar work of 40% of the estimated value completed in the last five years\n- Not debarred or blacklisted by any government buyer\n\nA joint venture of up to two firms may bid; the lead partner must meet the turnover criterion alone.",
		'eoi'    => "Firms and consortia with at least three years of experience in similar assignments.\n\n- Two completed assignments of similar scope in the last five years\n- Key staff with the qualifications listed in the terms of reference",
	);


	/** State => cities. */
	public const LOCATIONS = array(
		'Maharashtra'    => array( 'Mumbai', 'Pune', 'Nagpur' ),
		'Karnataka'      => array( 'Bengaluru', 'Mysuru' ),
		'Tamil Nadu'     => array( 'Chennai', 'Coimbatore' ),
		'Delhi'          => array( 'New Delhi' ),
		'Uttar Pradesh'  => array( 'Lucknow', 'Kanpur' ),
		'West Bengal'    => array( 'Kolkata' ),
		'Gujarat'        => array( 'Ahmedabad', 'Surat' ),
		'Telangana'      => array( 'Hyderabad' ),
		'Kerala'         => array( 'Kochi', 'Thiruvananthapuram' ),
		'Rajasthan'      => array( 'Jaipur' ),
	);

	/**
	 * Buyer => [short code, state, the codes of the categories it buys (CATEGORIES), or null for a
	 * body that buys a bit of everything, as a municipal corporation does]. A notice's buyer is
	 * drawn from these; when the one drawn does not buy the notice's category, the notice goes to
	 * a buyer of the same state that does (buyer_for()), so water mains are never bought by the
	 * electricity board.
	 */
	public const BUYERS = array(
		'Public Works Department, Maharashtra'            => array( 'PWD-MH', 'Maharashtra', array( 'CW', 'EL', 'CS', 'IT', 'SP', 'SS' ) ),
		'Pune Municipal Corporation'                      => array( 'PMC', 'Maharashtra', null ),
		'Bengaluru Water Supply and Sewerage Board'       => array( 'BWSSB', 'Karnataka', array( 'WS', 'CW', 'EL', 'CS', 'IT', 'SP', 'SS' ) ),
		'Karnataka Power Transmission Corporation'        => array( 'KPTCL', 'Karnataka', array( 'EL', 'CW', 'CS', 'IT', 'SP', 'SS' ) ),
		'Greater Chennai Corporation'                     => array( 'GCC', 'Tamil Nadu', null ),
		'Tamil Nadu Medical Services Corporation'         => array( 'TNMSC', 'Tamil Nadu', array( 'ME', 'SP', 'TR', 'IT', 'CS', 'SS' ) ),
		'Delhi Jal Board'                                 => array( 'DJB', 'Delhi', array( 'WS', 'CW', 'EL', 'CS', 'IT', 'SP', 'SS' ) ),
		'Directorate of Education, Delhi'                 => array( 'DOE-DL', 'Delhi', array( 'ED', 'IT', 'SP', 'SS' ) ),
		'Uttar Pradesh Jal Nigam'                         => array( 'UPJN', 'Uttar Pradesh', array( 'WS', 'CW', 'EL', 'CS', 'IT', 'SP', 'SS' ) ),
		'Lucknow Development Authority'                   => array( 'LDA', 'Uttar Pradesh', array( 'CW', 'EL', 'CS', 'WS', 'TR', 'IT', 'SP', 'SS' ) ),
		'Kolkata Municipal Corporation'                   => array( 'KMC', 'West Bengal', null ),
		'Gujarat Urban Development Company'               => array( 'GUDC', 'Gujarat', array( 'CW', 'WS', 'EL', 'CS', 'IT', 'TR', 'SP', 'SS' ) ),
		'Surat Smart City Development Limited'            => array( 'SSCDL', 'Gujarat', array( 'CW', 'EL', 'IT', 'CS', 'TR', 'WS', 'SP', 'SS' ) ),
		'Hyderabad Metropolitan Development Authority'    => array( 'HMDA', 'Telangana', array( 'CW', 'EL', 'CS', 'WS', 'TR', 'IT', 'SP', 'SS' ) ),
		'Kerala State Electricity Board'                  => array( 'KSEB', 'Kerala', array( 'EL', 'CW', 'CS', 'IT', 'SP', 'SS' ) ),
		'Kochi Metro Rail Limited'                        => array( 'KMRL', 'Kerala', array( 'TR', 'CW', 'EL', 'IT', 'CS', 'SS', 'SP' ) ),
		'Rajasthan Medical Services Corporation'          => array( 'RMSC', 'Rajasthan', array( 'ME', 'SP', 'TR', 'IT', 'CS', 'SS' ) ),
		'Jaipur Development Authority'                    => array( 'JDA', 'Rajasthan', array( 'CW', 'EL', 'CS', 'WS', 'TR', 'IT', 'SP', 'SS' ) ),
	);

	/**
	 * Buyers never drawn first, in the same shape: they take the notices no drawn buyer of their
	 * state buys (hospitals' equipment in Karnataka, schools' kits in Kerala). Kept apart so the
	 * draw, and with it every other notice of the demo, stays as it was.
	 */
	public const OTHER_BUYERS = array(
		'Bruhat Bengaluru Mahanagara Palike'              => array( 'BBMP', 'Karnataka', null ),
		'Municipal Corporation of Delhi'                  => array( 'MCD', 'Delhi', null ),
		'Lucknow Municipal Corporation'                   => array( 'LMC', 'Uttar Pradesh', null ),
		'Ahmedabad Municipal Corporation'                 => array( 'AMC', 'Gujarat', null ),
		'Greater Hyderabad Municipal Corporation'         => array( 'GHMC', 'Telangana', null ),
		'Kochi Municipal Corporation'                     => array( 'KOCHI-MC', 'Kerala', null ),
		'Jaipur Municipal Corporation'                    => array( 'JMC', 'Rajasthan', null ),
	);

	/** Whether a buyer (of BUYERS or OTHER_BUYERS) buys in a category (a name of CATEGORIES). */
	public static function buys( string $buyer, string $category ): bool {
		$row = self::BUYERS[ $buyer ] ?? self::OTHER_BUYERS[ $buyer ] ?? null;
		return null !== $row && isset( self::CATEGORIES[ $category ] ) && ( null === $row[2] || in_array( self::CATEGORIES[ $category ][0], $row[2], true ) );
	}

	/**
	 * The buyer of a notice: the one drawn when it buys the category, else one of its state's
	 * buyers that does, chosen by the notice's number (no draw, so the rest of the seed is
	 * unchanged).
	 */
	public static function buyer_for( string $drawn, string $category, int $number ): string {
		if ( self::buys( $drawn, $category ) ) {
			return $drawn;
		}
		$state      = self::BUYERS[ $drawn ][1];
		$candidates = array();
		foreach ( self::BUYERS + self::OTHER_BUYERS as $buyer => $row ) {
			if ( $row[1] === $state && self::buys( $buyer, $category ) ) {
				$candidates[] = $buyer;
			}
		}
		if ( ! $candidates ) {
			throw new LogicException( "No buyer in {$state} buys {$category}." );
		}
		return $candidates[ $number % count( $candidates ) ];
	}

	/** Category => [code, subjects for tenders, subjects for EOIs]. */
	public const CATEGORIES = array(
		'Civil Works'              => array( 'CW', array( 'Construction of a {n} km cement concrete road in {city}', 'Repair and strengthening of the {city} ward office building', 'Construction of a stormwater drain, phase {n}, {city}', 'Resurfacing of arterial roads in {city}, package {n}' ), array( 'Empanelment of civil contractors for {city}', 'Design and build partners for a bus terminal in {city}' ) ),
		'Electrical'               => array( 'EL', array( 'Supply and installation of {n} LED street lights in {city}', 'Replacement of HT cables at the {city} substation', 'Solar rooftop plants ({n} kWp) for public buildings in {city}' ), array( 'Energy service companies for street lighting in {city}' ) ),
		'IT and Software'          => array( 'IT', array( 'Supply of {n} desktop computers for offices in {city}', 'Annual maintenance of the e-office system, {city}', 'Network upgrade for {n} schools in {city}' ), array( 'System integrator for the citizen services portal, {city}', 'Cloud hosting partners for {city}' ) ),
		'Medical Equipment'        => array( 'ME', array( 'Supply of {n} patient monitors to district hospitals, {city}', 'Rate contract for surgical consumables, {city}', 'Supply and installation of a CT scanner at {city}' ), array( 'Manufacturers of dialysis machines for {city}' ) ),
		'Consultancy'              => array( 'CS', array( 'Third-party quality audit of road works, {city}' ), array( 'Consultants for a detailed project report on flood control, {city}', 'Project management consultancy for smart roads in {city}', 'Transaction adviser for a waste-to-energy plant, {city}' ) ),
		'Transport and Logistics'  => array( 'TR', array( 'Hiring of {n} vehicles on monthly rent, {city}', 'Operation of electric feeder buses in {city}' ), array( 'Operators for a public bicycle sharing scheme in {city}' ) ),
		'Water and Sanitation'     => array( 'WS', array( 'Laying of {n} mm water mains in {city}', 'Operation and maintenance of the sewage treatment plant, {city}', 'Desilting of drains before the monsoon, {city} zone {n}' ), array( 'Technology partners for smart water meters in {city}' ) ),
		'Supplies and Stationery'  => array( 'SP', array( 'Rate contract for office stationery, {city}', 'Supply of {n} steel almirahs for offices in {city}', 'Printing of {n} forms and registers, {city}' ), array() ),
		'Security Services'        => array( 'SS', array( 'Security guards for {n} public buildings in {city}', 'CCTV surveillance for markets in {city}' ), array( 'Agencies for integrated facility management, {city}' ) ),
		'Education and Training'   => array( 'ED', array( 'Supply of science lab kits to {n} schools in {city}', 'Skill training for {n} youth in {city}' ), array( 'Training partners for teacher development in {city}' ) ),
	);
}
