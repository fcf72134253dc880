<?php
/**
 * Builds the demo content through WordPress's own APIs: notices with every field, categories and
 * locations, blog posts, pages (one on the plain template, without islands) and a primary menu
 * with submenus. Randomness comes from a seeded generator, so runs are repeatable.
 */
final class TenderPress_Demo_Seeder {

	/** @var int */
	private $seed;

	/** @var array<string, int> */
	private $category_ids = array();

	/** @var array<string, int> City or state name => term id. */
	private $location_ids = array();

	/** @var TenderPress_Demo_BulkWriter */
	private $writer;

	/** @var array<int, int> Term id => term taxonomy id. */
	private $tt_ids = array();

	public function __construct( int $seed ) {
		$this->seed = $seed;
	}

	private function term_taxonomy_id( int $term_id, string $taxonomy ): int {
		if ( ! isset( $this->tt_ids[ $term_id ] ) ) {
			$this->tt_ids[ $term_id ] = (int) get_term( $term_id, $taxonomy )->term_taxonomy_id;
		}
		return $this->tt_ids[ $term_id ];
	}

	private function pick( array $list ) {
		return $list[ mt_rand( 0, count( $list ) - 1 ) ];
	}

	/**
	 * Seeds $count notices; returns the day (site time, Y-m-d) the content is dated from, which
	 * scripts/lib/seed.mjs keeps to seed anew on another day.
	 */
	public function run( int $count ): string {
		global $wpdb;
		mt_srand( $this->seed );
		wp_defer_term_counting( true );
		wp_suspend_cache_invalidation( true );
		$wpdb->query( 'START TRANSACTION' );

		$this->seed_terms();
		$this->writer = new TenderPress_Demo_BulkWriter();
		$now = time();
		$today = ( new DateTimeImmutable( 'today', wp_timezone() ) )->getTimestamp();
		$buyers = array_keys( TenderPress_Demo_Data::BUYERS );
		$categories = array_keys( TenderPress_Demo_Data::CATEGORIES );
		for ( $i = 1; $i <= $count; $i++ ) {
			$this->seed_notice( $i, $count, $buyers, $categories, $today );
		}
		$this->writer->flush();
		$this->seed_corrigenda();
		// Cache invalidation is suspended: the rebuilds below must read the corrigenda as amended.
		wp_cache_flush();
		// The rows above bypassed the meta hooks that keep the lookup table in step.
		\TenderPress\Content\NoticeIndex::rebuild();
		\TenderPress\Content\NoticeSearch::rebuild();
		foreach ( array( 'tender_category', 'tender_location' ) as $taxonomy ) {
			$terms = get_terms(
				array(
					'taxonomy'   => $taxonomy,
					'hide_empty' => false,
					'fields'     => 'tt_ids',
				)
			);
			wp_update_term_count_now( $terms, $taxonomy );
		}
		$this->seed_share_counts();
		$this->seed_posts( $now );
		$pages = $this->seed_pages();
		$this->seed_menu( $pages );
		$this->seed_identity();
		$wpdb->query( 'COMMIT' );

		wp_suspend_cache_invalidation( false );
		// What invalidation would have done term by term, once: among it, WordPress builds each
		// hierarchical taxonomy's stored children map, so no visitor's read has to write it.
		foreach ( array( 'category', 'tender_category', 'tender_location' ) as $taxonomy ) {
			clean_taxonomy_cache( $taxonomy );
		}
		\TenderPress\Listings\ListingCache::bump();
		\TenderPress\Content\NoticeLastChange::store();
		wp_defer_term_counting( false );
		update_option( 'show_on_front', 'page' );
		update_option( 'page_on_front', $pages['home'] );
		update_option( 'page_for_posts', $pages['news'] );
		update_option( 'wp_page_for_privacy_policy', $pages['privacy'] );
		update_option( 'posts_per_page', 10 );
		wp_cache_flush();
		flush_rewrite_rules();
		return wp_date( 'Y-m-d', $today );
	}

	private function seed_terms(): void {
		foreach ( array_keys( TenderPress_Demo_Data::CATEGORIES ) as $name ) {
			$term = wp_insert_term( $name, 'tender_category' );
			$this->category_ids[ $name ] = is_wp_error( $term ) ? (int) $term->get_error_data( 'term_exists' ) : $term['term_id'];
		}
		foreach ( TenderPress_Demo_Data::LOCATIONS as $state => $cities ) {
			$parent = wp_insert_term( $state, 'tender_location' );
			$parent_id = is_wp_error( $parent ) ? (int) $parent->get_error_data( 'term_exists' ) : $parent['term_id'];
			$this->location_ids[ $state ] = $parent_id;
			foreach ( $cities as $city ) {
				$term = wp_insert_term( $city, 'tender_location', array( 'parent' => $parent_id ) );
				$this->location_ids[ $city ] = is_wp_error( $term ) ? (int) $term->get_error_data( 'term_exists' ) : $term['term_id'];
			}
		}
	}

	private function seed_notice( int $i, int $count, array $buyers, array $categories, int $today ): void {
		$drawn = $this->pick( $buyers );
		$state = TenderPress_Demo_Data::BUYERS[ $drawn ][1];
		$city = $this->pick( TenderPress_Demo_Data::LOCATIONS[ $state ] );
		$category = $this->pick( $categories );
		$buyer = TenderPress_Demo_Data::buyer_for( $drawn, $category, $i );
		$code = ( TenderPress_Demo_Data::BUYERS + TenderPress_Demo_Data::OTHER_BUYERS )[ $buyer ][0];
		[ $category_code, $tender_subjects, $eoi_subjects ] = TenderPress_Demo_Data::CATEGORIES[ $category ];
		$roll = mt_rand( 1, 100 );
		$type = ( $roll <= 25 && $eoi_subjects ) ? 'eoi' : ( $roll > 95 ? 'corrigendum' : 'tender' );
		$subject = strtr(
			$this->pick( 'eoi' === $type ? $eoi_subjects : $tender_subjects ),
			array(
				'{n}'    => (string) ( mt_rand( 2, 40 ) * ( mt_rand( 0, 1 ) ? 5 : 1 ) ),
				'{city}' => $city,
			)
		);
		// The type shows as a badge on every card and notice: the title does not repeat it.
		$title = $subject;

		// Deadlines from 90 days ago to 90 days ahead, spread evenly over the notices, at office hours.
		$day_offset = (int) round( -90 + 180 * ( ( $i * 7919 ) % $count ) / max( 1, $count - 1 ) );
		$deadline = $today + $day_offset * DAY_IN_SECONDS + $this->pick( array( 11, 13, 15, 17 ) ) * HOUR_IN_SECONDS;
		// Capped at the start of today, not at this hour: a seed made in the morning and one made
		// in the afternoon then list their newest notices in the same order (the visual tests
		// compare them with recorded screenshots).
		$published = min( $today - HOUR_IN_SECONDS, $deadline - mt_rand( 14, 45 ) * DAY_IN_SECONDS );
		$local = static fn( int $timestamp ) => wp_date( 'Y-m-d H:i:s', $timestamp );
		$year = wp_date( 'Y', $published );
		$reference = sprintf( '%s/%s/%s/%04d', $code, $category_code, $year, $i );

		$meta = array(
			'tp_notice_type'    => $type,
			'tp_reference'      => $reference,
			'tp_buyer'          => $buyer,
			'tp_published_date' => wp_date( 'Y-m-d', $published ),
			'tp_deadline'       => $local( $deadline ),
			'tp_opening_date'   => $local( $deadline + DAY_IN_SECONDS + HOUR_IN_SECONDS ),
			'tp_currency'       => 'INR',
			'tp_eligibility'    => TenderPress_Demo_Data::ELIGIBILITY[ $type ] ?? '',
			'tp_contact'        => array(
				'name'  => 'Procurement Cell, ' . $buyer,
				'email' => 'tenders@' . strtolower( str_replace( '-', '', $code ) ) . '.example.org',
				'phone' => sprintf( '+91 %02d %04d %04d', mt_rand( 11, 99 ), mt_rand( 1000, 9999 ), mt_rand( 1000, 9999 ) ),
			),
		);
		// Where the buyer takes bids: its own e-procurement portal, one address per notice.
		// Derived from the reference, with no random draw, so the rest of the seed stays as it was.
		if ( 'tender' === $type || 'eoi' === $type ) {
			$meta['tp_submission_url'] = 'https://etenders.' . strtolower( str_replace( '-', '', $code ) ) . '.example.org/bids/' . rawurlencode( strtolower( str_replace( '/', '-', $reference ) ) );
		}
		// The buyer's own notice, on its website: every notice has one, awards and corrigenda too.
		$meta['tp_notice_url'] = 'https://www.' . strtolower( str_replace( '-', '', $code ) ) . '.example.org/tenders/' . rawurlencode( strtolower( str_replace( '/', '-', $reference ) ) );
		if ( 'eoi' === $type ) {
			$meta['tp_eoi_deadline'] = $local( $deadline );
		} else {
			$value = mt_rand( 2, 5000 ) * 100000;
			$meta['tp_value_amount'] = $value;
			$meta['tp_bid_security'] = round( $value * 0.02, -3 );
			$meta['tp_document_fee'] = $this->pick( array( 500, 1000, 2500, 5000, 10000 ) );
		}
		if ( mt_rand( 1, 100 ) <= 60 ) {
			$slug = strtolower( str_replace( '/', '-', $reference ) );
			$meta['tp_documents'] = array(
				array(
					'title' => 'Notice inviting tender',
					'url'   => "https://documents.example.org/{$slug}/notice.pdf",
					// Sizes from the reference, not a random draw: the rest of the seed stays as it was.
					'size'  => ( 120 + crc32( $reference ) % 2280 ) * 1024,
					'date'  => $meta['tp_published_date'],
				),
				array(
					'title' => 'Bill of quantities',
					'url'   => "https://documents.example.org/{$slug}/boq.xlsx",
					'size'  => ( 30 + crc32( $reference . 'boq' ) % 370 ) * 1024,
					'date'  => $meta['tp_published_date'],
				),
			);
		}

		$content = sprintf(
			"<!-- wp:paragraph -->\n<p>%s invites %s for: %s. Bidders must meet the eligibility criteria set out in the notice and submit their bids online before the deadline.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Bid security (EMD) and the document fee are payable online. Pre-bid queries may be sent to the contact below up to seven days before the deadline.</p>\n<!-- /wp:paragraph -->",
			esc_html( $buyer ),
			'eoi' === $type ? 'expressions of interest from qualified firms' : 'sealed bids from eligible contractors and suppliers',
			esc_html( $subject )
		);
		$this->writer->add(
			array(
				'post_type'     => 'tender',
				'post_title'    => $title,
				'post_name'     => sanitize_title( $reference . '-' . $subject ),
				'post_content'  => $content,
				'post_excerpt'  => $subject,
				'post_date'     => $local( $published ),
				'post_date_gmt' => gmdate( 'Y-m-d H:i:s', $published ),
				'post_author'   => 1,
			),
			$meta,
			array(
				$this->term_taxonomy_id( $this->category_ids[ $category ], 'tender_category' ),
				$this->term_taxonomy_id( $this->location_ids[ $state ], 'tender_location' ),
				$this->term_taxonomy_id( $this->location_ids[ $city ], 'tender_location' ),
			)
		);
	}

	/**
	 * Share counts for the newest notices, as the background refresh and browsers would have
	 * stored them, so a site that turns counts on shows some at once. The newest notice's are
	 * fixed (the e2e tests read them): Facebook 1,250 and X 1, 1,251 in all; the second newest
	 * has X 1 alone; the next ten get a few Pinterest and Tumblr shares.
	 */
	private function seed_share_counts(): void {
		\TenderPress\Share\ShareCounts::create();
		$newest = get_posts(
			array(
				'post_type'        => \TenderPress\Content\NoticePostType::POST_TYPE,
				'numberposts'      => 12,
				'orderby'          => 'date',
				'order'            => 'DESC',
				'fields'           => 'ids',
				'suppress_filters' => false,
			)
		);
		$counts = array(
			array(
				'facebook' => 1250,
				'x'        => 1,
			),
			array( 'x' => 1 ),
		);
		foreach ( $newest as $at => $id ) {
			$page = \TenderPress\Share\ShareCounts::page_of( (string) get_permalink( $id ) );
			$mine = $counts[ $at ] ?? array(
				'pinterest' => mt_rand( 0, 40 ),
				'tumblr'    => mt_rand( 0, 15 ),
			);
			foreach ( null === $page ? array() : $mine as $service => $shares ) {
				\TenderPress\Share\ShareCounts::store( $page, $service, $shares );
			}
		}
	}

	/**
	 * Every corrigendum amends a notice, as buyers publish them: a notice of type corrigendum with
	 * the amended notice's reference, buyer, contact, category and location, its address made of
	 * that reference, and the notice's facts with the change made (NoticeChanges reads what
	 * changed from the difference). The two newest corrigenda amend the newest notice (a tender or
	 * an EOI): the older revises the bill of quantities, the newer extends the deadline by two
	 * weeks. Each other corrigendum extends by one week the deadline of the newest notice
	 * published no later than it that no corrigendum amends yet. Their dates stay as drawn.
	 */
	private function seed_corrigenda(): void {
		$query = static fn( array $types, int $count ): array => get_posts(
			array(
				'post_type'        => \TenderPress\Content\NoticePostType::POST_TYPE,
				'numberposts'      => $count,
				// Many notices share the newest date: the listings' own order, then the id.
				'orderby'          => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
				'meta_query'       => array(
					array(
						'key'     => 'tp_notice_type',
						'value'   => $types,
						'compare' => 'IN',
					),
				),
				'suppress_filters' => false,
			)
		);
		$notices    = $query( array( 'tender', 'eoi' ), -1 );
		$corrigenda = $query( array( 'corrigendum' ), -1 );
		if ( ! $notices ) {
			return;
		}
		$newest  = array_shift( $notices );
		$changes = array(
			array( 'Bid submission deadline extended by two weeks', 14 ),
			array( 'Revised bill of quantities', 0 ),
		);
		$amended = array();
		// A seeded corrigendum has no history of edits to keep.
		add_filter( 'wp_revisions_to_keep', '__return_zero' );
		foreach ( $corrigenda as $at => $corrigendum ) {
			if ( $at < count( $changes ) ) {
				$this->amend( $corrigendum, $newest, $changes[ $at ][0], $changes[ $at ][1], count( $changes ) - $at );
				continue;
			}
			foreach ( $notices as $notice ) {
				$later = $notice->post_date > $corrigendum->post_date || ( $notice->post_date === $corrigendum->post_date && $notice->ID > $corrigendum->ID );
				if ( ! $later && ! isset( $amended[ $notice->ID ] ) ) {
					$amended[ $notice->ID ] = true;
					$this->amend( $corrigendum, $notice, 'Bid submission deadline extended by one week', 7, 1 );
					break;
				}
			}
		}
		remove_filter( 'wp_revisions_to_keep', '__return_zero' );
	}

	/**
	 * Makes $corrigendum the $number-th corrigendum of $notice: its facts, with the deadline (and
	 * the opening after it) moved by $days, or without them the bill of quantities revised.
	 */
	private function amend( WP_Post $corrigendum, WP_Post $notice, string $change, int $days, int $number ): void {
		$reference = (string) get_post_meta( $notice->ID, 'tp_reference', true );
		$buyer     = (string) get_post_meta( $notice->ID, 'tp_buyer', true );
		wp_update_post(
			array(
				'ID'           => $corrigendum->ID,
				'post_title'   => $change . ': ' . $notice->post_title,
				'post_excerpt' => $change . ': ' . $notice->post_title,
				'post_name'    => sanitize_title( $reference . '-corrigendum-' . $number ),
				'post_content' => sprintf(
					"<!-- wp:paragraph -->\n<p>%s amends notice %s, %s: %s. All other terms and conditions of the notice remain unchanged.</p>\n<!-- /wp:paragraph -->",
					esc_html( $buyer ),
					esc_html( $reference ),
					esc_html( $notice->post_title ),
					esc_html( lcfirst( $change ) )
				),
			)
		);
		foreach ( get_post_meta( $corrigendum->ID ) as $key => $unused ) {
			if ( str_starts_with( (string) $key, 'tp_' ) ) {
				delete_post_meta( $corrigendum->ID, (string) $key );
			}
		}
		foreach ( get_post_meta( $notice->ID ) as $key => $values ) {
			if ( str_starts_with( (string) $key, 'tp_' ) ) {
				update_post_meta( $corrigendum->ID, (string) $key, maybe_unserialize( $values[0] ) );
			}
		}
		update_post_meta( $corrigendum->ID, 'tp_notice_type', 'corrigendum' );
		update_post_meta( $corrigendum->ID, 'tp_published_date', get_the_date( 'Y-m-d', $corrigendum ) );
		$moved = static fn( string $local ): string => wp_date( 'Y-m-d H:i:s', ( new DateTimeImmutable( $local, wp_timezone() ) )->getTimestamp() + $days * DAY_IN_SECONDS );
		if ( $days ) {
			foreach ( array( 'tp_deadline', 'tp_eoi_deadline', 'tp_opening_date' ) as $key ) {
				$local = (string) get_post_meta( $notice->ID, $key, true );
				if ( '' !== $local ) {
					update_post_meta( $corrigendum->ID, $key, $moved( $local ) );
				}
			}
		} else {
			$slug = strtolower( str_replace( '/', '-', $reference ) );
			update_post_meta(
				$corrigendum->ID,
				'tp_documents',
				array(
					array(
						'title' => 'Revised bill of quantities (XLSX)',
						'url'   => "https://documents.example.org/{$slug}/boq-revised.xlsx",
					),
				)
			);
		}
		foreach ( array( 'tender_category', 'tender_location' ) as $taxonomy ) {
			wp_set_object_terms( $corrigendum->ID, wp_get_object_terms( $notice->ID, $taxonomy, array( 'fields' => 'ids' ) ), $taxonomy );
		}
	}

	private function seed_posts( int $now ): void {
		// WordPress's own sample content has no place on a tenders portal (its draft privacy policy
		// gives way to the demo's, which would otherwise get the address privacy-policy-2).
		foreach ( array( 'hello-world' => 'post', 'sample-page' => 'page', 'privacy-policy' => 'page' ) as $slug => $type ) {
			$sample = get_page_by_path( $slug, OBJECT, $type );
			if ( $sample instanceof WP_Post ) {
				wp_delete_post( $sample->ID, true );
			}
		}
		$news = wp_insert_term( 'Guides', 'category' );
		$guides_id = is_wp_error( $news ) ? (int) $news->get_error_data( 'term_exists' ) : $news['term_id'];
		foreach ( TenderPress_Demo_Guides::GUIDES as $index => $guide ) {
			$date = $now - ( $index + 1 ) * 3 * DAY_IN_SECONDS - mt_rand( 0, 20 ) * HOUR_IN_SECONDS;
			wp_insert_post(
				array(
					'post_type'     => 'post',
					'post_status'   => 'publish',
					'post_title'    => $guide['title'],
					'post_excerpt'  => $guide['excerpt'],
					'post_content'  => implode( "\n\n", array_map( array( $this, 'guide_block' ), $guide['parts'] ) ),
					'post_date'     => wp_date( 'Y-m-d H:i:s', $date ),
					'post_date_gmt' => gmdate( 'Y-m-d H:i:s', $date ),
					'post_category' => array( $guides_id ),
					'post_author'   => 1,
				)
			);
		}
		// A guide with pictures (a gallery, then a carousel), which open in the lightbox, and an
		// embedded notice further down: those below the fold load only as a visitor nears them.
		// The embed's frame is WordPress's without `security="restricted"`, an attribute only old
		// Internet Explorer read and HTML does not allow (the validity suite's checker says so).
		$photos = TenderPress_Demo_Photos::add();
		$notice = get_posts(
			array(
				'post_type'        => \TenderPress\Content\NoticePostType::POST_TYPE,
				'numberposts'      => 1,
				'orderby'          => 'date',
				'order'            => 'DESC',
				'suppress_filters' => false,
			)
		);
		if ( count( $photos ) > TenderPress_Demo_Photos::IN_GALLERY && $notice ) {
			$date = $now - 2 * DAY_IN_SECONDS;
			// As an administrator saves it (unfiltered_html): the seed runs with no user, whose
			// content would lose its frame.
			kses_remove_filters();
			wp_insert_post(
				array(
					'post_type'     => 'post',
					'post_status'   => 'publish',
					'post_title'    => 'What to look for on a site visit',
					'post_name'     => 'site-visit',
					'post_excerpt'  => 'A pre-bid site visit answers questions the documents cannot. Three things to check, with pictures.',
					'post_content'  => implode(
						"\n\n",
						array(
							$this->guide_block( array( 'p', 'Many works tenders offer a site visit before the pre-bid meeting. Go: what you see there changes your price more than anything in the documents.' ) ),
							TenderPress_Demo_Photos::gallery( array_slice( $photos, 0, TenderPress_Demo_Photos::IN_GALLERY ) ),
							$this->guide_block( array( 'p', 'Write down what you measured and ask about every difference at the pre-bid meeting: the answers are published for every bidder.' ) ),
							$this->guide_block( array( 'h', 'Before you go' ) ),
							$this->guide_block( array( 'p', 'Read the notice and its documents first, and bring the drawings. Note the date and hour the notice gives for the visit: a buyer rarely arranges a second one.' ) ),
							$this->guide_block( array( 'p', 'Bring a tape, a camera and somebody who will price the work. Ask the buyer\'s engineer to sign the visit register, as some notices require proof that you went.' ) ),
							$this->guide_block( array( 'h', 'On the site' ) ),
							$this->guide_block( array( 'p', 'Walk the whole site, not only the part the drawings show in detail. Look for access for trucks, a place to store materials, water and power, and neighbours who will be disturbed.' ) ),
							$this->guide_block( array( 'p', 'Photograph everything that differs from the documents, with something in the picture that shows its size.' ) ),
							$this->guide_block( array( 'h', 'Earlier visits' ) ),
							TenderPress_Demo_Photos::carousel( 'Earlier site visits', array_slice( $photos, TenderPress_Demo_Photos::IN_GALLERY ) ),
							$this->guide_block( array( 'h', 'A notice with a site visit' ) ),
							'<!-- wp:html -->' . "\n" . '<iframe class="wp-embedded-content" sandbox="allow-scripts" src="' . esc_url( wp_make_link_relative( get_post_embed_url( $notice[0] ) ) ) . '" width="600" height="200" style="max-width:100%" title="' . esc_attr( $notice[0]->post_title ) . '"></iframe>' . "\n" . '<!-- /wp:html -->',
						)
					),
					'post_date'     => wp_date( 'Y-m-d H:i:s', $date ),
					'post_date_gmt' => gmdate( 'Y-m-d H:i:s', $date ),
					'post_category' => array( $guides_id ),
					'post_author'   => 1,
				)
			);
			kses_init_filters();
		}
	}

	/**
	 * The How to bid page: its steps as a numbered list (every bidder needs all of them), what to
	 * keep ready as tabs (a bidder needs only their own kind's) and its questions as an accordion
	 * (the tabs island), with in-page links into both (one in the spec's '#!' form, read as '#').
	 * The last question's link name is the one the settings' short name "safari" opens (#safari).
	 */
	private function how_to_bid(): string {
		$section   = function ( string $title, string $anchor, array $parts ): string {
			return '<!-- wp:tenderpress/tab ' . wp_json_encode( array( 'title' => $title, 'anchor' => $anchor ) ) . " -->\n"
				. implode( "\n\n", array_map( array( $this, 'guide_block' ), $parts ) )
				. "\n<!-- /wp:tenderpress/tab -->";
		};
		$step      = static fn( string $name, string $text ): string => "<!-- wp:list-item -->\n<li><strong>" . esc_html( $name ) . '</strong>' . esc_html( $text ) . "</li>\n<!-- /wp:list-item -->";
		$steps     = array(
			$step( 'Register', 'Register once on the e-procurement portal of each buyer you want to work for, with a class 3 digital signature certificate, your PAN and GST numbers and the bank details refunds are paid to. Registration is free on most portals and is checked within two working days.' ),
			$step( 'Prepare', 'Download the tender documents, read every corrigendum, and list what the notice asks for: certificates, experience, turnover and the bid security. Ask questions before the pre-bid meeting, in writing.' ),
			$step( 'Submit', 'Upload the technical and the financial bid, sign them with your certificate and pay the bid security online, at least a day before the deadline: portals slow down in its last hours. Keep the receipt the portal issues: it is your only proof that the bid arrived in time.' ),
		);
		$kinds     = array(
			$section( 'Company', 'company', array( array( 'p', 'A company keeps ready its certificate of incorporation, its PAN and GST registration, audited accounts for the last three years and a board resolution naming who signs its bids.' ) ) ),
			$section( 'Partnership', 'partnership', array( array( 'p', 'A partnership firm keeps ready its registered partnership deed, the firm\'s PAN and GST registration, and a power of attorney from every partner for the one who signs.' ), array( 'ul', array( 'Scan each document as PDF, under the size the portal allows.', 'Fill the price schedule only in the buyer\'s own format.' ) ) ) ),
			$section( 'Proprietor', 'proprietor', array( array( 'p', 'A sole proprietor keeps ready their own PAN, their Udyam or shop registration, and bank statements that show the turnover the notice asks for.' ), array( 'p', 'Micro and small enterprises registered with the government are often exempt from bid security: the notice says so.' ) ) ),
		);
		$questions = array(
			$section( 'Who may bid?', 'who-may-bid', array( array( 'p', 'Any firm that meets the eligibility criteria printed in the notice: usually a minimum turnover, similar work completed and the registrations the work requires.' ) ) ),
			$section( 'What is bid security?', 'bid-security', array( array( 'p', 'Bid security, or the earnest money deposit (EMD), is a sum the buyer holds while bids are evaluated. It is returned to every bidder but the winner after the award, and to the winner once the contract is signed.' ), array( 'p', 'Micro and small enterprises registered with the government are often exempt: the notice says so.' ) ) ),
			$section( 'Can I change a bid after submitting it?', 'change-a-bid', array( array( 'p', 'Until the deadline, yes: withdraw it on the portal and submit again. After the deadline no bid may be changed.' ) ) ),
			$section( 'Do e-procurement portals work in Safari?', 'tenderpress-safari', array( array( 'p', 'Most do, but signing with a digital certificate may need the portal\'s signing utility, which some portals offer only for other browsers. Check the portal\'s help page before the day you submit.' ) ) ),
		);
		return implode(
			"\n\n",
			array(
				$this->guide_block( array( 'p', 'Everything a first-time bidder needs: registration, documents, bid security and deadlines.' ) ),
				"<!-- wp:paragraph -->\n<p>Working on your own? See <a href=\"#proprietor\">what a sole proprietor keeps ready</a>, or read <a href=\"#!bid-security\">what bid security is</a>.</p>\n<!-- /wp:paragraph -->",
				$this->guide_block( array( 'h', 'Three steps to a bid' ) ),
				"<!-- wp:list {\"ordered\":true,\"className\":\"is-style-steps\"} -->\n<ol class=\"is-style-steps\">" . implode( "\n\n", $steps ) . "</ol>\n<!-- /wp:list -->",
				$this->guide_block( array( 'h', 'What to keep ready' ) ),
				"<!-- wp:tenderpress/tabs {\"label\":\"What to keep ready, by kind of bidder\",\"offset\":80} -->\n" . implode( "\n\n", $kinds ) . "\n<!-- /wp:tenderpress/tabs -->",
				$this->guide_block( array( 'h', 'Questions bidders ask' ) ),
				"<!-- wp:tenderpress/tabs {\"layout\":\"accordion\",\"offset\":80} -->\n" . implode( "\n\n", $questions ) . "\n<!-- /wp:tenderpress/tabs -->",
			)
		);
	}

	/** @param array{0:string,1:string|list<string>} $part A guide's heading ('h'), paragraph ('p') or list ('ul'). */
	private function guide_block( array $part ): string {
		[ $kind, $text ] = $part;
		if ( 'h' === $kind ) {
			return "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">" . esc_html( $text ) . "</h2>\n<!-- /wp:heading -->";
		}
		if ( 'ul' === $kind ) {
			$items = array_map( static fn( string $item ) => "<!-- wp:list-item -->\n<li>" . esc_html( $item ) . "</li>\n<!-- /wp:list-item -->", $text );
			return "<!-- wp:list -->\n<ul>" . implode( "\n\n", $items ) . "</ul>\n<!-- /wp:list -->";
		}
		return "<!-- wp:paragraph -->\n<p>" . esc_html( $text ) . "</p>\n<!-- /wp:paragraph -->";
	}

	/** The demo's emblem: a seal with a column, drawn in two colours. */
	private const EMBLEM = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="%1$d" height="%1$d"%2$s><circle cx="24" cy="24" r="22" fill="#0b3d66"/><circle cx="24" cy="24" r="17" fill="none" stroke="#f2c14e" stroke-width="2"/><path fill="#f2c14e" d="M15 34h18v3H15zm2-3h14v2H17zm2-12h2v11h-2zm4 0h2v11h-2zm4 0h2v11h-2zm-10-3 7-5 7 5z"/></svg>';

	/**
	 * The official identity the theme has places for: the banner above the header (its template
	 * part "official-banner", as an owner would save it in the Site Editor: the emblem drawn inline,
	 * so it needs no request and its box is known before it paints) and the site logo.
	 */
	private function seed_identity(): void {
		$emblem = sprintf( self::EMBLEM, 24, ' aria-hidden="true" focusable="false"' );
		$banner = "<!-- wp:group {\"className\":\"tp-official-banner__inner\",\"layout\":{\"type\":\"default\"}} -->\n<div class=\"wp-block-group tp-official-banner__inner\"><!-- wp:html -->\n" . $emblem . "\n<!-- /wp:html -->\n\n<!-- wp:paragraph -->\n<p>Official website of the <strong>Directorate of Public Procurement</strong>, Government of the Demo State</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->";
		// As an administrator saves it: the inline SVG is markup the site's own owner wrote, so it
		// is not filtered as a contributor's post would be.
		$filtered = false !== has_filter( 'content_save_pre', 'wp_filter_post_kses' );
		kses_remove_filters();
		$part = wp_insert_post(
			array(
				'post_type'    => 'wp_template_part',
				'post_status'  => 'publish',
				'post_name'    => 'official-banner',
				'post_title'   => 'Official banner',
				'post_content' => $banner,
				'tax_input'    => array(
					'wp_theme'              => array( get_stylesheet() ),
					'wp_template_part_area' => array( 'header' ),
				),
			)
		);
		if ( $filtered ) {
			kses_init_filters();
		}
		if ( $part ) {
			wp_set_object_terms( (int) $part, get_stylesheet(), 'wp_theme' );
			wp_set_object_terms( (int) $part, 'header', 'wp_template_part_area' );
		}

		// The logo: the same emblem, larger, as a file in the media library (the site logo is an
		// attachment). WordPress refuses SVG uploads, so it is written where an upload would go.
		$uploads = wp_upload_dir();
		$file    = trailingslashit( $uploads['path'] ) . 'demo-emblem.svg';
		if ( false === file_put_contents( $file, sprintf( self::EMBLEM, 96, '' ) ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- the seed writes its own demo file.
			return;
		}
		$logo = (int) wp_insert_attachment(
			array(
				'post_mime_type' => 'image/svg+xml',
				'post_title'     => 'Directorate of Public Procurement emblem',
				'post_status'    => 'inherit',
			),
			$file
		);
		wp_update_attachment_metadata(
			$logo,
			array(
				'width'  => 96,
				'height' => 96,
				'file'   => _wp_relative_upload_path( $file ),
				'sizes'  => array(),
			)
		);
		update_post_meta( $logo, '_wp_attachment_image_alt', '' );
		update_option( 'site_logo', $logo );
		set_theme_mod( 'custom_logo', $logo );
	}

	/** @return array<string, int> */
	private function seed_pages(): array {
		$page = static function ( string $title, string $content, int $parent = 0, string $template = '' ): int {
			return (int) wp_insert_post(
				array(
					'post_type'     => 'page',
					'post_status'   => 'publish',
					'post_title'    => $title,
					'post_content'  => $content ? "<!-- wp:paragraph -->\n<p>" . esc_html( $content ) . "</p>\n<!-- /wp:paragraph -->" : '',
					'post_parent'   => $parent,
					'page_template' => $template,
					'post_author'   => 1,
				)
			);
		};
		$pages = array();
		$pages['home'] = $page( 'Home', '' );
		$pages['news'] = $page( 'News and guides', '' );
		$pages['how'] = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'How to bid',
				'post_content' => $this->how_to_bid(),
				'post_author'  => 1,
			)
		);
		$pages['register'] = $page( 'Registering as a bidder', 'Register once on the portal of each buyer, with a digital signature certificate.', $pages['how'] );
		$pages['emd'] = $page( 'Bid security (EMD) explained', 'The earnest money deposit protects the buyer if a bidder withdraws; it is returned after the award.', $pages['how'] );
		$pages['about'] = $page( 'About', 'This site collects public procurement notices from government buyers across India.' );
		$pages['contact'] = $page( 'Contact', 'Write to the editors at editors@tenderpress.example.org.' );
		$pages['privacy'] = $page( 'Privacy policy', 'We keep no personal data about visitors beyond what the web server logs.' );
		// The footer's statements (theme/patterns/footer.php finds them at these addresses).
		$pages['accessibility'] = $page( 'Accessibility statement', 'This site aims to meet WCAG 2.2 at level AA: every page works with a keyboard, a screen reader and without JavaScript, and text reflows at 400% zoom. If something does not work for you, write to accessibility@tenderpress.example.org and we will answer within five working days.' );
		$pages['terms'] = $page( 'Terms and disclaimer', 'Notices here summarise what public buyers publish. The buyer’s own notice, its documents and any corrigendum are what count; we take care to copy them correctly but cannot accept liability for a bid made on this summary alone. You may reuse the notices with a link to this site.' );
		$pages['help'] = $page( 'Help desk', 'For help with this site, call 1800-000-0000 (toll free, 9:30 am to 6 pm IST, Monday to Friday) or write to help@tenderpress.example.org. Questions about a notice go to the buyer named on it.' );
		$pages['eoi'] = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Expressions of interest',
				'post_content' => "<!-- wp:paragraph -->\n<p>Open calls for expressions of interest, newest first.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:tenderpress/listing {\"noticeType\":\"eoi\",\"perPage\":5,\"noScroll\":true} /-->",
				'post_author'  => 1,
			)
		);
		$pages['shortcode'] = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'All notices (shortcode)',
				'post_content' => '[tenderpress_listing per_page="8"]',
				'post_author'  => 1,
			)
		);
		// The latest notices in a ticker and in a carousel (the ticker and carousel islands).
		$pages['board'] = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Notice board',
				'post_content' => "<!-- wp:paragraph -->\n<p>The newest notices as they come in. Point at the ticker, or use the keyboard in it, and it stands still.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:tenderpress/ticker {\"count\":8} /-->\n\n<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Featured notices</h2>\n<!-- /wp:heading -->\n\n<!-- wp:tenderpress/carousel {\"source\":\"notices\",\"count\":5,\"label\":\"Featured notices\"} /-->",
				'post_author'  => 1,
			)
		);
		// A month of deadlines (the calendar island), with its filters.
		$pages['calendar'] = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Deadline calendar',
				'post_name'    => 'deadlines',
				'post_content' => "<!-- wp:paragraph -->\n<p>Which notices close on which day. Pick a day to list its notices; narrow the month by type, category or location.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:tenderpress/calendar {\"title\":\"Deadlines by day\"} /-->",
				'post_author'  => 1,
			)
		);
		$pages['print'] = $page( 'Notice format for buyers', 'Buyers who want their notices listed send the reference number, deadlines, values and documents in this format.', 0, 'page-plain' );
		return $pages;
	}

	private function seed_menu( array $pages ): void {
		$menu_id = wp_create_nav_menu( 'Primary' );
		if ( is_wp_error( $menu_id ) ) {
			$menu_id = (int) wp_get_nav_menu_object( 'Primary' )->term_id;
		}
		$add = static function ( array $item, int $parent = 0 ) use ( $menu_id ): int {
			return (int) wp_update_nav_menu_item( $menu_id, 0, $item + array( 'menu-item-status' => 'publish', 'menu-item-parent-id' => $parent ) );
		};
		$page_item = static fn( int $id ) => array(
			'menu-item-object-id' => $id,
			'menu-item-object'    => 'page',
			'menu-item-type'      => 'post_type',
		);
		$term_item = static fn( int $id, string $taxonomy ) => array(
			'menu-item-object-id' => $id,
			'menu-item-object'    => $taxonomy,
			'menu-item-type'      => 'taxonomy',
		);
		$add( $page_item( $pages['home'] ) );
		$tenders = $add(
			array(
				'menu-item-title'  => 'Tenders',
				'menu-item-url'    => home_url( '/tenders/' ),
				'menu-item-type'   => 'post_type_archive',
				'menu-item-object' => 'tender',
			)
		);
		// Custom links are stored as written: root-relative, they follow the port the site runs on.
		$add(
			array(
				'menu-item-title' => 'Closing soon',
				'menu-item-url'   => '/tenders/closing-soon/',
				'menu-item-type'  => 'custom',
			),
			$tenders
		);
		foreach ( array_slice( $this->category_ids, 0, 5, true ) as $id ) {
			$add( $term_item( $id, 'tender_category' ), $tenders );
		}
		$locations = $add(
			array(
				'menu-item-title' => 'Locations',
				'menu-item-url'   => '/tenders/',
				'menu-item-type'  => 'custom',
			)
		);
		foreach ( array( 'Maharashtra', 'Karnataka', 'Delhi', 'Kerala' ) as $state ) {
			$add( $term_item( $this->location_ids[ $state ], 'tender_location' ), $locations );
		}
		$how = $add( $page_item( $pages['how'] ) );
		$add( $page_item( $pages['register'] ), $how );
		$add( $page_item( $pages['emd'] ), $how );
		$add( $page_item( $pages['eoi'] ), $tenders );
		$add( $page_item( $pages['calendar'] ), $tenders );
		$add( $page_item( $pages['news'] ) );
		$add( $page_item( $pages['about'] ) );
		$add( $page_item( $pages['contact'] ) );

		// The footer's site sections: where a visitor goes next, without the primary menu's submenus.
		$footer_id = wp_create_nav_menu( 'Footer' );
		if ( is_wp_error( $footer_id ) ) {
			$footer_id = (int) wp_get_nav_menu_object( 'Footer' )->term_id;
		}
		$add_to_footer = static fn( array $item ): int => (int) wp_update_nav_menu_item( $footer_id, 0, $item + array( 'menu-item-status' => 'publish' ) );
		$add_to_footer(
			array(
				'menu-item-title'  => 'All notices',
				'menu-item-url'    => home_url( '/tenders/' ),
				'menu-item-type'   => 'post_type_archive',
				'menu-item-object' => 'tender',
			)
		);
		$add_to_footer(
			array(
				'menu-item-title' => 'Closing soon',
				'menu-item-url'   => '/tenders/closing-soon/',
				'menu-item-type'  => 'custom',
			)
		);
		foreach ( array( 'eoi', 'how', 'news', 'about' ) as $page ) {
			$add_to_footer( $page_item( $pages[ $page ] ) );
		}
		set_theme_mod(
			'nav_menu_locations',
			array(
				'primary' => $menu_id,
				'footer'  => $footer_id,
			)
		);
	}
}
