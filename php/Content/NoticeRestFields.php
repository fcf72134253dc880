<?php
namespace TenderPress\Content;

/**
 * Read-only REST field `tp_status`: the derived status, with its label and the deadline in UTC,
 * so API clients need not reimplement the rule.
 */
final class NoticeRestFields {

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_fields' ) );
	}

	public function register_fields(): void {
		register_rest_field(
			NoticePostType::POST_TYPE,
			'tp_status',
			array(
				'get_callback' => static function ( array $item ): array {
					$post = get_post( $item['id'] );
					$notice = Notice::from_post( $post );
					$status = $notice->status();
					return array(
						'status'       => $status,
						'label'        => NoticeStatus::label( $status ),
						'deadline_gmt' => null === $notice->deadline_timestamp ? null : gmdate( 'Y-m-d\TH:i:s\Z', $notice->deadline_timestamp ),
					);
				},
				'schema'       => array(
					'description' => __( 'Status derived from the submission deadline.', 'tenderpress' ),
					'type'        => 'object',
					'context'     => array( 'view', 'edit', 'embed' ),
					'readonly'    => true,
					'properties'  => array(
						'status'       => array(
							'type' => array( 'string', 'null' ),
							'enum' => array( NoticeStatus::OPEN, NoticeStatus::CLOSING_SOON, NoticeStatus::CLOSED, null ),
						),
						'label'        => array( 'type' => 'string' ),
						'deadline_gmt' => array(
							'type'   => array( 'string', 'null' ),
							'format' => 'date-time',
						),
					),
				),
			)
		);
	}
}
