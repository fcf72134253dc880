<?php
/**
 * The demo's pictures, drawn here (nothing can be downloaded on the machines this runs on, and PHP
 * has no image library there): plain PNG files of coloured stripes, written with zlib alone, and
 * added to the media library as WordPress adds an upload.
 */
final class TenderPress_Demo_Photos {

	/**
	 * The pictures of the site-visit guide: file name, alternative text, caption, two colours.
	 * The first three make its gallery; the others, further down, its carousel of earlier visits.
	 */
	public const PHOTOS = array(
		array( 'site-visit-road', 'A road under construction, with the old surface dug up', 'Measure the stretch yourself: the bill of quantities may be out of date.', array( 96, 108, 120 ), array( 196, 164, 92 ) ),
		array( 'site-visit-pump-house', 'A pump house beside a water tank', 'Note what can be reused, and what the notice expects you to replace.', array( 44, 110, 150 ), array( 220, 226, 232 ) ),
		array( 'site-visit-school', 'A school building with scaffolding on one side', 'Ask when the site can be worked on: a school in session limits the hours.', array( 150, 72, 48 ), array( 240, 214, 170 ) ),
		array( 'site-visit-bridge', 'A small bridge over a dry stream bed', 'A culvert bid: the stream was dry, but the flood marks on the piers were not.', array( 120, 96, 72 ), array( 210, 200, 180 ) ),
		array( 'site-visit-market', 'A covered market with a leaking roof', 'A roofing bid: count the sheets to replace, not the ones the drawings show.', array( 60, 120, 80 ), array( 230, 220, 160 ) ),
		array( 'site-visit-well', 'A hand pump and a concrete platform', 'A water-supply bid: ask how deep the last bore went before you price yours.', array( 90, 80, 140 ), array( 200, 210, 230 ) ),
	);

	/** How many of the pictures make the gallery. */
	public const IN_GALLERY = 3;

	/**
	 * A PNG of diagonal stripes in two colours.
	 *
	 * @param int[] $first  Red, green, blue.
	 * @param int[] $second Red, green, blue.
	 */
	public static function png( int $width, int $height, array $first, array $second ): string {
		// Stripes 60 px wide: each row is the same run of pixels, one pixel further along.
		$pixel  = static fn( array $rgb ): string => chr( $rgb[0] ) . chr( $rgb[1] ) . chr( $rgb[2] );
		$period = str_repeat( $pixel( $first ), 60 ) . str_repeat( $pixel( $second ), 60 );
		$run    = str_repeat( $period, intdiv( $width, 120 ) + 2 );
		$rows   = '';
		for ( $y = 0; $y < $height; $y++ ) {
			$rows .= "\0" . substr( $run, ( $y % 120 ) * 3, $width * 3 ); // Each row: no filter, then its pixels.
		}
		$chunk = static fn( string $type, string $data ): string => pack( 'N', strlen( $data ) ) . $type . $data . pack( 'N', crc32( $type . $data ) );
		return "\x89PNG\r\n\x1a\n"
			. $chunk( 'IHDR', pack( 'NNCCCCC', $width, $height, 8, 2, 0, 0, 0 ) )
			. $chunk( 'IDAT', (string) gzcompress( $rows, 9 ) )
			. $chunk( 'IEND', '' );
	}

	/**
	 * Adds each picture to the media library. Returns, for each, its attachment id, address,
	 * size, alternative text and caption.
	 *
	 * @return list<array{id:int,url:string,width:int,height:int,alt:string,caption:string}>
	 */
	public static function add(): array {
		$photos = array();
		foreach ( self::PHOTOS as list( $name, $alt, $caption, $first, $second ) ) {
			$width  = 1200;
			$height = 800;
			$upload = wp_upload_bits( $name . '.png', null, self::png( $width, $height, $first, $second ) );
			if ( ! empty( $upload['error'] ) ) {
				continue;
			}
			$id = (int) wp_insert_attachment(
				array(
					'post_mime_type' => 'image/png',
					'post_title'     => $alt,
					'post_excerpt'   => $caption,
					'post_status'    => 'inherit',
				),
				$upload['file']
			);
			wp_update_attachment_metadata(
				$id,
				array(
					'width'  => $width,
					'height' => $height,
					'file'   => _wp_relative_upload_path( $upload['file'] ),
					'sizes'  => array(),
				)
			);
			update_post_meta( $id, '_wp_attachment_image_alt', $alt );
			$photos[] = array(
				'id'      => $id,
				'url'     => $upload['url'],
				'width'   => $width,
				'height'  => $height,
				'alt'     => $alt,
				'caption' => $caption,
			);
		}
		return $photos;
	}

	/**
	 * An image block of one picture, as the block editor saves one, with the file's address
	 * relative to the site: the e2e site serves a copy of the seed at another port.
	 *
	 * @param array{id:int,url:string,width:int,height:int,alt:string,caption:string} $photo
	 */
	public static function image( array $photo ): string {
		return '<!-- wp:image {"id":' . $photo['id'] . ',"sizeSlug":"full","linkDestination":"none"} -->'
			. "\n" . '<figure class="wp-block-image size-full"><img src="' . esc_url( wp_make_link_relative( $photo['url'] ) ) . '" alt="' . esc_attr( $photo['alt'] ) . '" class="wp-image-' . $photo['id'] . '"/><figcaption class="wp-element-caption">' . esc_html( $photo['caption'] ) . '</figcaption></figure>'
			. "\n" . '<!-- /wp:image -->';
	}

	/**
	 * A gallery block of the pictures, as the block editor saves one.
	 *
	 * @param list<array{id:int,url:string,width:int,height:int,alt:string,caption:string}> $photos
	 */
	public static function gallery( array $photos ): string {
		return '<!-- wp:gallery {"linkTo":"none"} -->' . "\n"
			. '<figure class="wp-block-gallery has-nested-images columns-default is-cropped">' . implode( "\n\n", array_map( array( self::class, 'image' ), $photos ) ) . '</figure>' . "\n"
			. '<!-- /wp:gallery -->';
	}

	/**
	 * A carousel block (tenderpress/carousel) with a slide for each picture.
	 *
	 * @param list<array{id:int,url:string,width:int,height:int,alt:string,caption:string}> $photos
	 */
	public static function carousel( string $label, array $photos ): string {
		$slides = array_map(
			static fn( array $photo ): string => "<!-- wp:tenderpress/slide -->\n" . self::image( $photo ) . "\n<!-- /wp:tenderpress/slide -->",
			$photos
		);
		return '<!-- wp:tenderpress/carousel ' . wp_json_encode( array( 'label' => $label ) ) . " -->\n" . implode( "\n\n", $slides ) . "\n<!-- /wp:tenderpress/carousel -->";
	}
}
