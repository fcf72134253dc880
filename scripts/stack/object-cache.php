<?php
/**
 * A persistent object cache on Redis (php8.2-redis) for the production stack of `npm run stack`.
 *
 * Dev and test infrastructure only: it is never in the plugin zip. Production sites use a
 * maintained drop-in (Redis Object Cache, or their host's); the plugin works with any drop-in,
 * since it only calls WordPress's wp_cache_* functions. This one exists because no ready drop-in
 * can be had from the package registries reachable here.
 *
 * The stack copies a loader into wp-content/object-cache.php that requires this file only when
 * the process runs with TP_OBJECT_CACHE=redis; every other process on the dev site keeps
 * WordPress's own per-request cache.
 *
 * Layout in Redis: one string per entry, named "<prefix>|<blog>|<group>|<key>" (the group
 * URL-encoded, so a group can be flushed by a pattern without touching another whose name it
 * prefixes). The prefix is WP_CACHE_KEY_SALT plus the database name and table prefix, so sites
 * (and test databases) sharing one Redis never see each other's entries. Whole numbers are stored
 * as plain decimals, so incr/decr run atomically in Redis and two application servers counting
 * the same key never lose a step; everything else is serialize()d.
 *
 * If Redis cannot be reached, or fails during a request, the cache carries on as a per-request
 * cache (what WordPress does without a drop-in): it logs that once a minute at most, across all
 * processes, and never throws. For a few seconds after, the next requests do not try Redis
 * (RETRY_AFTER): a hung Redis would otherwise cost each of them the connection's timeout. What
 * requests change meanwhile never reaches Redis, whose copies may then be stale (a post edited,
 * a listing's generation moved on): so the first request of the site that finds Redis again
 * empties the site's entries there before it reads any (stale_marker()).
 *
 * @package TenderPress
 */

// phpcs:disable WordPress.PHP.DevelopmentFunctions.error_log_error_log, WordPress.WP.AlternativeFunctions -- a drop-in runs before most of WordPress is loaded: plain PHP for its log and its throttle file.

/** Sets up the global cache object. */
function wp_cache_init() {
	$GLOBALS['wp_object_cache'] = new WP_Object_Cache();
}

/**
 * @param int|string $key    Cache key.
 * @param mixed      $data   Value.
 * @param string     $group  Group.
 * @param int        $expire Seconds until it expires, 0 for never.
 */
function wp_cache_add( $key, $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->add( $key, $data, $group, (int) $expire );
}

/**
 * @param array<int|string, mixed> $data   Values by key.
 * @param string                   $group  Group.
 * @param int                      $expire Seconds until they expire, 0 for never.
 * @return array<int|string, bool>
 */
function wp_cache_add_multiple( array $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->add_multiple( $data, $group, (int) $expire );
}

/**
 * @param int|string $key    Cache key.
 * @param mixed      $data   Value.
 * @param string     $group  Group.
 * @param int        $expire Seconds until it expires, 0 for never.
 */
function wp_cache_replace( $key, $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->replace( $key, $data, $group, (int) $expire );
}

/**
 * @param int|string $key    Cache key.
 * @param mixed      $data   Value.
 * @param string     $group  Group.
 * @param int        $expire Seconds until it expires, 0 for never.
 */
function wp_cache_set( $key, $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->set( $key, $data, $group, (int) $expire );
}

/**
 * @param array<int|string, mixed> $data   Values by key.
 * @param string                   $group  Group.
 * @param int                      $expire Seconds until they expire, 0 for never.
 * @return array<int|string, bool>
 */
function wp_cache_set_multiple( array $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->set_multiple( $data, $group, (int) $expire );
}

/**
 * @param int|string $key   Cache key.
 * @param string     $group Group.
 * @param bool       $force Read the persistent store even when this request holds the entry.
 * @param bool|null  $found Set to whether the entry was found.
 */
function wp_cache_get( $key, $group = '', $force = false, &$found = null ) {
	return $GLOBALS['wp_object_cache']->get( $key, $group, $force, $found );
}

/**
 * @param array<int|string> $keys  Cache keys.
 * @param string            $group Group.
 * @param bool              $force Read the persistent store even for entries this request holds.
 * @return array<int|string, mixed> Values by key, false for a miss.
 */
function wp_cache_get_multiple( $keys, $group = '', $force = false ) {
	return $GLOBALS['wp_object_cache']->get_multiple( $keys, $group, $force );
}

/**
 * @param int|string $key   Cache key.
 * @param string     $group Group.
 */
function wp_cache_delete( $key, $group = '' ) {
	return $GLOBALS['wp_object_cache']->delete( $key, $group );
}

/**
 * @param array<int|string> $keys  Cache keys.
 * @param string            $group Group.
 * @return array<int|string, bool>
 */
function wp_cache_delete_multiple( array $keys, $group = '' ) {
	return $GLOBALS['wp_object_cache']->delete_multiple( $keys, $group );
}

/**
 * @param int|string $key    Cache key.
 * @param int        $offset Amount to add.
 * @param string     $group  Group.
 * @return int|false The new value, or false when there is no entry.
 */
function wp_cache_incr( $key, $offset = 1, $group = '' ) {
	return $GLOBALS['wp_object_cache']->incr( $key, $offset, $group );
}

/**
 * @param int|string $key    Cache key.
 * @param int        $offset Amount to subtract.
 * @param string     $group  Group.
 * @return int|false The new value, or false when there is no entry.
 */
function wp_cache_decr( $key, $offset = 1, $group = '' ) {
	return $GLOBALS['wp_object_cache']->decr( $key, $offset, $group );
}

/** Empties the whole cache (this site's entries in Redis, and this request's). */
function wp_cache_flush() {
	return $GLOBALS['wp_object_cache']->flush();
}

/** Empties this request's copy only. */
function wp_cache_flush_runtime() {
	return $GLOBALS['wp_object_cache']->flush_runtime();
}

/**
 * @param string $group Group to empty.
 */
function wp_cache_flush_group( $group ) {
	return $GLOBALS['wp_object_cache']->flush_group( $group );
}

/**
 * @param string $feature Name of the feature (add_multiple, flush_group…).
 */
function wp_cache_supports( $feature ) {
	return in_array( $feature, WP_Object_Cache::FEATURES, true );
}

/** Nothing to close: the connection ends with the request. */
function wp_cache_close() {
	return true;
}

/**
 * @param string|string[] $groups Groups shared by every site of a network.
 */
function wp_cache_add_global_groups( $groups ) {
	$GLOBALS['wp_object_cache']->add_global_groups( $groups );
}

/**
 * @param string|string[] $groups Groups kept for this request only.
 */
function wp_cache_add_non_persistent_groups( $groups ) {
	$GLOBALS['wp_object_cache']->add_non_persistent_groups( $groups );
}

/**
 * @param int $blog_id Site to switch to.
 */
function wp_cache_switch_to_blog( $blog_id ) {
	$GLOBALS['wp_object_cache']->switch_to_blog( (int) $blog_id );
}

/** Deprecated in WordPress 3.5; kept because old code still calls it. */
function wp_cache_reset() {
	$GLOBALS['wp_object_cache']->switch_to_blog( (int) ( $GLOBALS['blog_id'] ?? 1 ) );
}

/**
 * The cache object: a per-request copy in front of Redis.
 */
class WP_Object_Cache {

	/** What wp_cache_supports() answers true for. */
	public const FEATURES = array( 'add_multiple', 'set_multiple', 'get_multiple', 'delete_multiple', 'flush_runtime', 'flush_group' );

	/** Seconds between two log lines about an unreachable Redis, across all processes. */
	public const LOG_INTERVAL = 60;

	/**
	 * Seconds after a request found Redis unreachable during which the next requests, in every
	 * process, do not try it: a hung Redis would cost each of them the timeout, and under load
	 * the workers would spend their time waiting. Then one request tries again.
	 */
	public const RETRY_AFTER = 5;

	/**
	 * Adds an offset to a stored whole number in one step, as WordPress's own cache does: a
	 * value that is not a number counts as 0, and the result never goes below 0. Its time to live
	 * is kept. KEYS[1]: the entry; ARGV[1]: the offset.
	 */
	private const INCR_SCRIPT = <<<'LUA'
local v = redis.call('GET', KEYS[1])
if not v then return false end
local n = tonumber(string.match(v, '^%-?%d+$') or string.match(v, '^i:(%-?%d+);$') or string.match(v, '^s:%d+:"(%-?%d+)";$') or '0')
n = n + tonumber(ARGV[1])
if n < 0 then n = 0 end
redis.call('SET', KEYS[1], n, 'KEEPTTL')
return n
LUA;

	/** @var int Reads answered (from this request's copy or Redis). */
	public $cache_hits = 0;

	/** @var int Reads that found nothing. */
	public $cache_misses = 0;

	/** @var array<string, mixed> This request's copy, by full key. */
	private array $local = array();

	/** @var array<string, true> */
	private array $global_groups = array();

	/** @var array<string, true> */
	private array $non_persistent_groups = array();

	private string $blog_prefix = '';

	private bool $multisite;

	private string $prefix;

	private ?Redis $redis = null;

	/** When this request last noted that it runs without Redis (ran_without_redis()). */
	private int $marked_at = 0;

	/** @var array{host: string, port: int, timeout: float, log_throttle: string, down_marker: string} */
	private array $config;

	/**
	 * @param array{host?: string, port?: int, timeout?: float, prefix?: string, log_throttle?: string, down_marker?: string} $config
	 *        Where Redis is (default: the WP_REDIS_HOST/WP_REDIS_PORT constants, or TP_REDIS_HOST/
	 *        TP_REDIS_PORT from the environment, or 127.0.0.1:6379), the key prefix, the file
	 *        whose age throttles the log line about an unreachable Redis, and the file whose age
	 *        says when a request last found this Redis unreachable (RETRY_AFTER).
	 */
	public function __construct( array $config = array() ) {
		$this->multisite = function_exists( 'is_multisite' ) && is_multisite();
		$this->blog_prefix = $this->multisite ? (string) ( $GLOBALS['blog_id'] ?? 1 ) : '';
		$this->config      = array(
			'host'         => (string) ( $config['host'] ?? self::setting( 'HOST', '127.0.0.1' ) ),
			'port'         => (int) ( $config['port'] ?? self::setting( 'PORT', '6379' ) ),
			'timeout'      => (float) ( $config['timeout'] ?? 1.0 ),
			'log_throttle' => (string) ( $config['log_throttle'] ?? sys_get_temp_dir() . '/tenderpress-object-cache-down' ),
			'down_marker'  => (string) ( $config['down_marker'] ?? '' ),
		);
		if ( '' === $this->config['down_marker'] ) {
			$this->config['down_marker'] = sys_get_temp_dir() . '/tenderpress-object-cache-unreachable-' . preg_replace( '/[^a-z0-9.]/i', '_', $this->config['host'] ) . '-' . $this->config['port'];
		}
		$salt         = defined( 'WP_CACHE_KEY_SALT' ) ? (string) WP_CACHE_KEY_SALT : '';
		$site         = ( defined( 'DB_NAME' ) ? DB_NAME : '' ) . ':' . ( $GLOBALS['table_prefix'] ?? '' );
		$this->prefix = (string) ( $config['prefix'] ?? $salt . $site );
		$this->connect();
	}

	/** A connection setting from a WP_REDIS_* constant, a TP_REDIS_* variable, or the default. */
	private static function setting( string $name, string $fallback ): string {
		if ( defined( 'WP_REDIS_' . $name ) ) {
			return (string) constant( 'WP_REDIS_' . $name );
		}
		$value = getenv( 'TP_REDIS_' . $name );
		return false === $value || '' === $value ? $fallback : $value;
	}

	private function connect(): void {
		$marker = $this->config['down_marker'];
		clearstatcache( true, $marker );
		$found = @filemtime( $marker ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- no file is the usual case.
		if ( false !== $found && time() - $found < self::RETRY_AFTER ) {
			// Another request found it unreachable moments ago: a per-request cache, at once.
			$this->ran_without_redis();
			return;
		}
		if ( ! class_exists( 'Redis' ) ) {
			$this->went_down( 'the PHP extension redis is not loaded' );
			return;
		}
		try {
			$redis = new Redis();
			// A refused connection fails at once; a hung server costs at most the timeout, once
			// per request, since a failure keeps this request off Redis.
			if ( ! $redis->connect( $this->config['host'], $this->config['port'], $this->config['timeout'], null, 0, $this->config['timeout'] ) ) {
				$this->went_down( 'connect failed' );
				return;
			}
			$this->redis = $redis;
		} catch ( Throwable $error ) {
			$this->went_down( $error->getMessage() );
			return;
		}
		$stale = $this->stale_marker();
		clearstatcache( true, $stale );
		// Removed first, and by one process only (the one whose removal succeeds): a request that
		// goes on without Redis meanwhile marks it again, and the next to connect empties the
		// site's entries once more.
		if ( file_exists( $stale ) && @unlink( $stale ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- another process may have removed it already.
			$this->flush();
		}
	}

	/**
	 * The file whose presence says that requests of this site ran without Redis since it last
	 * emptied its entries there: one per site (key prefix) and Redis, beside the down marker.
	 */
	private function stale_marker(): string {
		return $this->config['down_marker'] . '-stale-' . md5( $this->prefix );
	}

	/**
	 * Notes that this request does without Redis: what it changes, Redis will not know. Noted
	 * again as it goes on (once a second at most), in case another request has emptied the
	 * site's entries since.
	 */
	private function ran_without_redis(): void {
		$now = time();
		if ( $now !== $this->marked_at ) {
			$this->marked_at = $now;
			@touch( $this->stale_marker() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an unwritable temp folder only means no flush on Redis's return.
		}
	}

	/** Whether this request still talks to Redis. */
	public function is_connected(): bool {
		return null !== $this->redis;
	}

	/**
	 * Leaves Redis for the rest of this request, keeps the next requests off it for RETRY_AFTER
	 * seconds, and says so in the PHP log unless a process said so less than a minute ago.
	 */
	private function went_down( string $why ): void {
		$this->redis = null;
		@touch( $this->config['down_marker'] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an unwritable temp folder only means every request tries Redis.
		$this->ran_without_redis();
		$file = $this->config['log_throttle'];
		$last        = @filemtime( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- no file yet is the usual case.
		if ( false !== $last && time() - $last < self::LOG_INTERVAL ) {
			return;
		}
		@touch( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an unwritable temp folder must not stop the site: it only means more log lines.
		error_log(
			sprintf(
				'TenderPress object cache: Redis at %s:%d is unreachable (%s); serving from a per-request cache. Said at most once a minute.',
				$this->config['host'],
				$this->config['port'],
				$why
			)
		);
	}

	/**
	 * Runs a Redis call; on failure the request carries on without Redis and `$fallback` is
	 * returned.
	 *
	 * @param callable(Redis): mixed $call
	 * @param mixed                  $fallback
	 * @return mixed
	 */
	private function remote( callable $call, $fallback = false ) {
		if ( null === $this->redis ) {
			$this->ran_without_redis();
			return $fallback;
		}
		try {
			return $call( $this->redis );
		} catch ( Throwable $error ) {
			$this->went_down( $error->getMessage() );
			return $fallback;
		}
	}

	/**
	 * @param mixed $key
	 */
	private function valid_key( $key ): bool {
		if ( is_int( $key ) || ( is_string( $key ) && '' !== trim( $key ) ) ) {
			return true;
		}
		if ( function_exists( '_doing_it_wrong' ) ) {
			_doing_it_wrong( static::class, 'Cache keys must be integers or non-empty strings.', '6.1.0' );
		}
		return false;
	}

	private static function group( string $group ): string {
		return '' === $group ? 'default' : $group;
	}

	private function persistent( string $group ): bool {
		return ! isset( $this->non_persistent_groups[ $group ] );
	}

	/** The entry's name, shared by this request's copy and Redis. */
	private function name( string $key, string $group ): string {
		$blog = isset( $this->global_groups[ $group ] ) ? 'global' : $this->blog_prefix;
		return $this->prefix . '|' . $blog . '|' . rawurlencode( $group ) . '|' . $key;
	}

	/**
	 * @param mixed $data
	 */
	private static function encode( $data ): string {
		return is_int( $data ) ? (string) $data : serialize( $data ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- what WordPress's caches store.
	}

	/**
	 * @return mixed
	 */
	private static function decode( string $raw ) {
		if ( preg_match( '/^-?\d+$/', $raw ) ) {
			return (int) $raw;
		}
		return unserialize( $raw ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- written by encode() above, into this site's own keys.
	}

	/**
	 * Objects are copied in and out, as WordPress's own cache does, so changing a fetched object
	 * never changes the cached one.
	 *
	 * @param mixed $data
	 * @return mixed
	 */
	private static function copy( $data ) {
		return is_object( $data ) ? clone $data : $data;
	}

	/**
	 * @param int|string $key
	 * @param mixed      $data
	 */
	public function add( $key, $data, string $group = '', int $expire = 0 ): bool {
		if ( function_exists( 'wp_suspend_cache_addition' ) && wp_suspend_cache_addition() ) {
			return false;
		}
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = self::group( $group );
		$name  = $this->name( (string) $key, $group );
		if ( array_key_exists( $name, $this->local ) ) {
			return false;
		}
		if ( $this->persistent( $group ) && null !== $this->redis ) {
			$options = array( 'nx' );
			if ( $expire > 0 ) {
				$options['ex'] = $expire;
			}
			$stored = $this->remote( static fn( Redis $redis ) => $redis->set( $name, self::encode( $data ), $options ), null );
			if ( false === $stored ) {
				return false;
			}
		}
		$this->local[ $name ] = self::copy( $data );
		return true;
	}

	/**
	 * @param array<int|string, mixed> $data
	 * @return array<int|string, bool>
	 */
	public function add_multiple( array $data, string $group = '', int $expire = 0 ): array {
		$results = array();
		foreach ( $data as $key => $value ) {
			$results[ $key ] = $this->add( $key, $value, $group, $expire );
		}
		return $results;
	}

	/**
	 * @param int|string $key
	 * @param mixed      $data
	 */
	public function replace( $key, $data, string $group = '', int $expire = 0 ): bool {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = self::group( $group );
		$name  = $this->name( (string) $key, $group );
		if ( $this->persistent( $group ) && null !== $this->redis ) {
			$options = array( 'xx' );
			if ( $expire > 0 ) {
				$options['ex'] = $expire;
			}
			$stored = $this->remote( static fn( Redis $redis ) => $redis->set( $name, self::encode( $data ), $options ), null );
			if ( false === $stored ) {
				unset( $this->local[ $name ] );
				return false;
			}
			if ( true === $stored ) {
				$this->local[ $name ] = self::copy( $data );
				return true;
			}
		}
		if ( ! array_key_exists( $name, $this->local ) ) {
			return false;
		}
		$this->local[ $name ] = self::copy( $data );
		return true;
	}

	/**
	 * @param int|string $key
	 * @param mixed      $data
	 */
	public function set( $key, $data, string $group = '', int $expire = 0 ): bool {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = self::group( $group );
		$name  = $this->name( (string) $key, $group );
		if ( $this->persistent( $group ) ) {
			$raw = self::encode( $data );
			$this->remote( static fn( Redis $redis ) => $expire > 0 ? $redis->setex( $name, $expire, $raw ) : $redis->set( $name, $raw ) );
		}
		$this->local[ $name ] = self::copy( $data );
		return true;
	}

	/**
	 * @param array<int|string, mixed> $data
	 * @return array<int|string, bool>
	 */
	public function set_multiple( array $data, string $group = '', int $expire = 0 ): array {
		$group   = self::group( $group );
		$results = array();
		$remote  = array();
		foreach ( $data as $key => $value ) {
			if ( ! $this->valid_key( $key ) ) {
				$results[ $key ] = false;
				continue;
			}
			$name                 = $this->name( (string) $key, $group );
			$this->local[ $name ] = self::copy( $value );
			$remote[ $name ]      = self::encode( $value );
			$results[ $key ]      = true;
		}
		if ( $remote && $this->persistent( $group ) ) {
			// One round trip for all of them.
			$this->remote(
				static function ( Redis $redis ) use ( $remote, $expire ) {
					$pipe = $redis->multi( Redis::PIPELINE );
					foreach ( $remote as $name => $raw ) {
						$expire > 0 ? $pipe->setex( $name, $expire, $raw ) : $pipe->set( $name, $raw );
					}
					return $pipe->exec();
				}
			);
		}
		return $results;
	}

	/**
	 * @param int|string $key
	 * @param bool|null  $found
	 * @return mixed
	 */
	public function get( $key, string $group = '', bool $force = false, &$found = null ) {
		$found = false;
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = self::group( $group );
		$name  = $this->name( (string) $key, $group );
		$read  = $force && $this->persistent( $group ) && null !== $this->redis;
		if ( ! $read && array_key_exists( $name, $this->local ) ) {
			$found = true;
			++$this->cache_hits;
			return self::copy( $this->local[ $name ] );
		}
		if ( $this->persistent( $group ) ) {
			$raw = $this->remote( static fn( Redis $redis ) => $redis->get( $name ) );
			if ( is_string( $raw ) ) {
				$found                = true;
				$this->local[ $name ] = self::decode( $raw );
				++$this->cache_hits;
				return self::copy( $this->local[ $name ] );
			}
			if ( $read ) {
				unset( $this->local[ $name ] );
			}
		}
		++$this->cache_misses;
		return false;
	}

	/**
	 * @param array<int|string> $keys
	 * @return array<int|string, mixed>
	 */
	public function get_multiple( $keys, string $group = '', bool $force = false ): array {
		$group   = self::group( $group );
		$values  = array();
		$missing = array();
		foreach ( $keys as $key ) {
			$values[ $key ] = false;
			if ( ! $this->valid_key( $key ) ) {
				continue;
			}
			$name = $this->name( (string) $key, $group );
			if ( ! ( $force && $this->persistent( $group ) ) && array_key_exists( $name, $this->local ) ) {
				++$this->cache_hits;
				$values[ $key ] = self::copy( $this->local[ $name ] );
				continue;
			}
			$missing[ $name ] = $key;
		}
		if ( ! $missing ) {
			return $values;
		}
		// The rest in one round trip.
		$raws  = $this->persistent( $group ) ? $this->remote( static fn( Redis $redis ) => $redis->mget( array_keys( $missing ) ), array() ) : array();
		$index = 0;
		foreach ( $missing as $name => $key ) {
			$raw = is_array( $raws ) ? ( $raws[ $index ] ?? false ) : false;
			++$index;
			if ( is_string( $raw ) ) {
				++$this->cache_hits;
				$this->local[ $name ] = self::decode( $raw );
				$values[ $key ]       = self::copy( $this->local[ $name ] );
			} else {
				++$this->cache_misses;
				unset( $this->local[ $name ] );
			}
		}
		return $values;
	}

	/**
	 * @param int|string $key
	 */
	public function delete( $key, string $group = '' ): bool {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group   = self::group( $group );
		$name    = $this->name( (string) $key, $group );
		$held    = array_key_exists( $name, $this->local );
		$removed = 0;
		unset( $this->local[ $name ] );
		if ( $this->persistent( $group ) ) {
			$removed = (int) $this->remote( static fn( Redis $redis ) => $redis->del( $name ), 0 );
		}
		return $held || $removed > 0;
	}

	/**
	 * @param array<int|string> $keys
	 * @return array<int|string, bool>
	 */
	public function delete_multiple( array $keys, string $group = '' ): array {
		$results = array();
		foreach ( $keys as $key ) {
			$results[ $key ] = $this->delete( $key, $group );
		}
		return $results;
	}

	/**
	 * @param int|string $key
	 * @return int|false
	 */
	public function incr( $key, int $offset = 1, string $group = '' ) {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = self::group( $group );
		$name  = $this->name( (string) $key, $group );
		if ( $this->persistent( $group ) && null !== $this->redis ) {
			$value = $this->remote( static fn( Redis $redis ) => $redis->eval( self::INCR_SCRIPT, array( $name, $offset ), 1 ), null );
			if ( is_int( $value ) ) {
				$this->local[ $name ] = $value;
				return $value;
			}
			if ( false === $value ) {
				unset( $this->local[ $name ] );
				return false;
			}
		}
		if ( ! array_key_exists( $name, $this->local ) ) {
			return false;
		}
		$current              = is_numeric( $this->local[ $name ] ) ? (int) $this->local[ $name ] : 0;
		$this->local[ $name ] = max( 0, $current + $offset );
		return $this->local[ $name ];
	}

	/**
	 * @param int|string $key
	 * @return int|false
	 */
	public function decr( $key, int $offset = 1, string $group = '' ) {
		return $this->incr( $key, -$offset, $group );
	}

	/** Deletes every entry under a pattern of names, in batches. */
	private function delete_matching( string $pattern ): bool {
		return (bool) $this->remote(
			static function ( Redis $redis ) use ( $pattern ) {
				$cursor = null;
				do {
					$names = $redis->scan( $cursor, $pattern, 500 );
					if ( $names ) {
						$redis->unlink( $names );
					}
				} while ( $cursor );
				return true;
			}
		);
	}

	/** Escapes glob characters for SCAN's MATCH. */
	private static function glob( string $text ): string {
		return (string) preg_replace( '/([*?\[\]\\\\])/', '\\\\$1', $text );
	}

	public function flush(): bool {
		$this->local = array();
		return $this->delete_matching( self::glob( $this->prefix ) . '|*' );
	}

	public function flush_runtime(): bool {
		$this->local = array();
		return true;
	}

	public function flush_group( string $group ): bool {
		$group = self::group( $group );
		$infix = '|' . rawurlencode( $group ) . '|';
		foreach ( array_keys( $this->local ) as $name ) {
			if ( str_contains( $name, $infix ) ) {
				unset( $this->local[ $name ] );
			}
		}
		if ( ! $this->persistent( $group ) ) {
			return true;
		}
		return $this->delete_matching( self::glob( $this->prefix ) . '|*' . self::glob( $infix ) . '*' );
	}

	/**
	 * @param string|string[] $groups
	 */
	public function add_global_groups( $groups ): void {
		foreach ( (array) $groups as $group ) {
			$this->global_groups[ $group ] = true;
		}
	}

	/**
	 * @param string|string[] $groups
	 */
	public function add_non_persistent_groups( $groups ): void {
		foreach ( (array) $groups as $group ) {
			$this->non_persistent_groups[ $group ] = true;
		}
	}

	/** On a single site there is one blog: nothing changes. */
	public function switch_to_blog( int $blog_id ): void {
		$this->blog_prefix = $this->multisite ? (string) $blog_id : '';
	}

	/** What the debug bar and `wp cache` print. */
	public function stats(): void {
		printf(
			'<p><strong>Cache hits:</strong> %d<br /><strong>Cache misses:</strong> %d<br /><strong>Redis:</strong> %s</p>',
			(int) $this->cache_hits,
			(int) $this->cache_misses,
			null !== $this->redis ? 'connected' : 'unreachable (per-request cache)'
		);
	}
}
