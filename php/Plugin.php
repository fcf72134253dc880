<?php
namespace TenderPress;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Accounts\LoginMessages;
use TenderPress\Accounts\ResetLink;
use TenderPress\Admin\PerformanceStatus;
use TenderPress\Admin\SettingsPage;
use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use TenderPress\Ajax\PaginationRequest;
use TenderPress\Ajax\SaveShares;
use TenderPress\Ajax\SharingCount;
use TenderPress\Blocks\BlockRegistry;
use TenderPress\Blocks\DesignTokens;
use TenderPress\Content\LazyMedia;
use TenderPress\Content\NoticeEditor;
use TenderPress\Content\NoticeReminder;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeLastChange;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeQueryVarsGuard;
use TenderPress\Content\NoticeRestGuard;
use TenderPress\Content\NoticeRestFields;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Islands\Account;
use TenderPress\Islands\BackToTop;
use TenderPress\Islands\MobileMenu;
use TenderPress\Islands\Calendar;
use TenderPress\Islands\Carousel;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Lightbox;
use TenderPress\Islands\PushButton;
use TenderPress\Islands\PushPrompt;
use TenderPress\Islands\QuickView;
use TenderPress\Islands\Share;
use TenderPress\Share\SharePlacement;
use TenderPress\Islands\Stepper;
use TenderPress\Islands\Tabs;
use TenderPress\Islands\Ticker;
use TenderPress\Listings\CardTemplate;
use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingOptions;
use TenderPress\Listings\ListingShortcode;
use TenderPress\Listings\NoticeArchiveQuery;
use TenderPress\Listings\NoticeFilterQuery;
use TenderPress\Listings\FilteredView;
use TenderPress\Listings\SearchResults;
use TenderPress\Listings\SiteSearch;
use TenderPress\Listings\PastLastPage;
use TenderPress\Listings\NoticeViews;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Support\Upgrade;
use TenderPress\Push\PushPublisher;
use TenderPress\Push\PushQueue;
use TenderPress\Push\PushResend;
use TenderPress\Push\PushSettings;
use TenderPress\Push\PushTestNotification;
use TenderPress\Rest\PushSubscriptionRoutes;

/**
 * Wires the plugin's modules: each module's register() only adds hooks, and this list is the one
 * place that says which modules run.
 */
final class Plugin {

	/** @var bool */
	private static $booted = false;

	public static function boot(): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;

		$assets = IslandAssets::instance();
		// Sections appear on Settings > TenderPress in the order their modules come here.
		$modules = array(
			new Settings(),
			new SettingsPage(),
			new ListingOptions(),
			new BackToTop(),
			new MobileMenu(),
			new Share(),
			new SharePlacement(),
			new Tabs(),
			new Ticker(),
			new Carousel(),
			new Lightbox(),
			new LazyMedia(),
			new Stepper(),
			new NoticeReminder(),
			new Calendar(),
			new QuickView(),
			new LoginGuard(),
			new LoginMessages(),
			new PushSettings(),
			new PushPrompt(),
			new PushButton(),
			new PerformanceStatus(),
			new NoticePostType(),
			new NoticeTaxonomies(),
			new NoticeFields(),
			new NoticeIndex(),
			new NoticeLastChange(),
			new NoticeRestFields(),
			new NoticeQueryVarsGuard(),
			new NoticeRestGuard(),
			new NoticeEditor(),
			$assets,
			new DesignTokens(),
			new BlockRegistry(),
			new ListingShortcode(),
			new ListingCache(),
			new CardTemplate(),
			new NoticeArchiveQuery(),
			new NoticeFilterQuery(),
			new FilteredView(),
			new SiteSearch(),
			new SearchResults(),
			new PastLastPage(),
			new NoticeViews(),
			new PaginationRequest(),
			new SharingCount(),
			new SaveShares(),
			new GetToken(),
			new Account(),
			new AccountLogin(),
			new AccountLostPassword(),
			new AccountResetPassword(),
			new ResetLink(),
			new ShareCountRefresh(),
			new PushSubscriptionRoutes(),
			new PushPublisher(),
			new PushQueue(),
			new PushResend(),
			new PushTestNotification(),
			new Upgrade(),
		);
		foreach ( $modules as $module ) {
			$module->register();
		}
		// Before the modules' own init work (block titles, post type labels are translated there).
		add_action( 'init', array( self::class, 'load_textdomain' ), 0 );
	}

	public static function load_textdomain(): void {
		load_plugin_textdomain( 'tenderpress', false, dirname( plugin_basename( TENDERPRESS_FILE ) ) . '/languages' );
	}

	/** Registers the content types before flushing so notice permalinks work at once. */
	public static function activate(): void {
		( new NoticePostType() )->register_post_type();
		( new NoticeTaxonomies() )->register_taxonomies();
		flush_rewrite_rules();
		// A site that updated while the plugin was inactive catches up here; on a fresh install
		// the steps find nothing to change.
		Upgrade::run();
	}

	public static function deactivate(): void {
		flush_rewrite_rules();
		// A deactivated plugin asks no network; the next admin page after activation schedules it again.
		wp_clear_scheduled_hook( ShareCountRefresh::HOOK );
	}
}
