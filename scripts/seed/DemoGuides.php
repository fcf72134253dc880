<?php
/**
 * The demo's blog posts: short guides for suppliers who bid for public contracts, written for this
 * project. Each is a title, an excerpt and its parts: a heading ('h'), a paragraph ('p') or a
 * bulleted list ('ul'), turned into blocks by TenderPress_Demo_Seeder.
 */
final class TenderPress_Demo_Guides {

	public const GUIDES = array(
		array(
			'title'   => 'How to read a tender notice in ten minutes',
			'excerpt' => 'Where to find the deadline, the eligibility rules and the money you must put down, before you spend a day on the documents.',
			'parts'   => array(
				array( 'p', 'A notice inviting tender packs the facts you need into a page or two. Read it in the order of this guide and within ten minutes you will know whether the work is for you.' ),
				array( 'h', 'The deadline, and the dates around it' ),
				array( 'p', 'Start with the bid submission deadline, then find the pre-bid meeting, the last date for questions and the bid opening. If the deadline leaves you less time than you need to gather certificates and work out prices, stop here.' ),
				array( 'h', 'Who may bid' ),
				array( 'p', 'Eligibility usually asks for a minimum annual turnover, similar work completed in the last few years, and registrations such as GST, PAN or a contractor class. Each criterion is pass or fail: a bid that misses one is not evaluated at all.' ),
				array( 'h', 'What you pay before you bid' ),
				array( 'p', 'Note the document fee, which is not refunded, and the bid security or earnest money deposit (EMD), with the form it must take: online payment, bank guarantee or demand draft. Check whether your enterprise is exempt.' ),
				array( 'h', 'The scope, in one line' ),
				array( 'p', 'The title and short description say what is bought, where and for how long. The bill of quantities or terms of reference give the detail: open them only once the checks above pass.' ),
				array( 'h', 'Corrigenda' ),
				array( 'p', 'Buyers change dates, quantities and even eligibility after a notice is published. Before you submit, read every corrigendum linked to the notice: the latest one wins.' ),
			),
		),
		array(
			'title'   => 'Expression of interest or tender: what is the difference?',
			'excerpt' => 'An EOI asks who could do the work; a tender asks what you would charge for it. Knowing which one you are answering changes what you send.',
			'parts'   => array(
				array( 'p', 'Both are published as notices and both have deadlines, so they are easy to confuse. They belong to different stages of a purchase, and this guide shows how to answer each.' ),
				array( 'h', 'An expression of interest comes first' ),
				array( 'p', 'A buyer publishes an EOI to learn who can do the work, or to draw up a shortlist, before it writes a full tender. You describe your firm, your experience with similar projects and your team. There is usually no price, no bid security and no contract at the end of it.' ),
				array( 'h', 'A tender leads to a contract' ),
				array( 'p', 'A tender asks eligible bidders for a firm offer: the technical details and a price, valid for a stated period. The lowest evaluated or best-value bid wins, and the winner signs a contract on the terms published with the notice.' ),
				array( 'h', 'What this means for you' ),
				array(
					'ul',
					array(
						'Answer an EOI with evidence: completed projects, client references and the qualifications of the people who would do the work.',
						'Keep it short and matched to the criteria the buyer listed: an EOI is read for fit, not for price.',
						'A shortlist may be the only firms invited to the tender that follows, so an EOI is worth answering well.',
						'Leave prices out of an EOI unless it asks for them.',
					),
				),
			),
		),
		array(
			'title'   => 'Preparing a bid: a checklist for suppliers',
			'excerpt' => 'Most bids are lost before anyone reads the price: a missing certificate, an unsigned page, an upload after the deadline. Work through this list a few days early.',
			'parts'   => array(
				array( 'p', 'Public buyers must treat every bidder alike, so they reject an incomplete bid rather than ask for the missing piece. This guide lists the checks that catch the usual causes.' ),
				array( 'h', 'A week before the deadline' ),
				array(
					'ul',
					array(
						'Read the notice and every corrigendum again, and list each document the buyer asks for.',
						'Check that your digital signature certificate is valid and registered on the buyer’s portal.',
						'Arrange the bid security in the form the notice requires: a bank guarantee can take days.',
						'Send your questions before the last date for queries.',
					),
				),
				array( 'h', 'While you prepare' ),
				array(
					'ul',
					array(
						'Use the buyer’s formats exactly: a price schedule in a layout of your own may be rejected.',
						'Keep prices out of the technical bid; they belong in the financial bid only.',
						'Sign every page that asks for it, and scan at a resolution that can be read.',
						'Make sure the turnover and experience you claim match the certificates you attach.',
					),
				),
				array( 'h', 'On the last day' ),
				array(
					'ul',
					array(
						'Upload at least a day early: portals slow down near a deadline, and a late bid cannot be accepted.',
						'Save the acknowledgement the portal gives you with your copy of the bid.',
						'Note the bid opening date, and attend, or watch online where the buyer allows it.',
					),
				),
			),
		),
		array(
			'title'   => 'Bid security and document fees: what you pay, and when it comes back',
			'excerpt' => 'The document fee is the price of taking part; the bid security is a deposit that is returned. How each works, and who is exempt.',
			'parts'   => array(
				array( 'p', 'Many notices ask for two payments before the deadline. They serve different purposes, and only one of them comes back.' ),
				array( 'h', 'The document fee' ),
				array( 'p', 'A small, fixed charge for the tender documents or for taking part. It is not refunded, whether you win or not, and is usually paid online on the buyer’s portal.' ),
				array( 'h', 'The bid security, or earnest money deposit' ),
				array( 'p', 'A deposit, often around two per cent of the estimated value, that shows a bid is serious. The buyer keeps it if a bidder withdraws after the deadline, or if the winner will not sign the contract.' ),
				array(
					'ul',
					array(
						'Bidders who do not win get it back once the contract is awarded; ask the buyer if it takes longer than the notice says.',
						'The winner’s deposit is returned, or counted towards the performance security, once that security is in place.',
						'Registered micro and small enterprises, and some start-ups, may be exempt: the notice says so, and you attach the certificate instead of paying.',
					),
				),
				array( 'p', 'Keep the receipts for both payments with your bid: the buyer may ask to see them when the bids are opened.' ),
			),
		),
	);
}
