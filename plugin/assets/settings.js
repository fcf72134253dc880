/*
 * Settings > TenderPress (SettingsPage): a filter over a long set of boxes, such as the share
 * services. The box is in the page, hidden, with its words; this shows it and hides the choices
 * whose names do not hold what is typed. Hidden boxes still send their ticks when saved. Without
 * this script the grid shows every choice, which works as well.
 */
( function () {
	document
		.querySelectorAll( '[data-tp-filter]' )
		.forEach( function ( input ) {
			const list = document.getElementById(
				input.getAttribute( 'data-tp-filter' )
			);
			const box = input.closest( '.tp-settings-filter' );
			const count = box && box.querySelector( '[data-tp-count]' );
			if ( ! list || ! box || ! count ) {
				return;
			}
			box.hidden = false;
			// Enter in the filter would save the whole form.
			input.addEventListener( 'keydown', function ( event ) {
				if ( 'Enter' === event.key ) {
					event.preventDefault();
				}
			} );
			input.addEventListener( 'input', function () {
				const words = input.value.trim().toLowerCase();
				let shown = 0;
				list.querySelectorAll( 'li' ).forEach( function ( item ) {
					const match =
						item.textContent.toLowerCase().indexOf( words ) !== -1;
					item.hidden = ! match;
					shown += match ? 1 : 0;
				} );
				count.textContent = words
					? count
							.getAttribute( 'data-tp-count' )
							.replace( '%d', shown )
					: '';
			} );
		} );
} )();

/*
 * Live previews (php/Settings/SharePreview.php, PushPromptPreview.php): the server draws them
 * with the saved settings; this follows the fields on the tab as the owner changes them, before
 * anything is saved. Without this script they show the saved settings, which is still true.
 */
( function () {
	const field = function ( section, name ) {
		return document.getElementById( 'tenderpress-' + section + '-' + name );
	};

	const share = document.querySelector( '[data-tp-share-preview]' );
	const services = field( 'share', 'services' );
	if ( share && services ) {
		const list = share.querySelector( '.tp-share__list' );
		const bar = share.querySelector( '.tp-share' );
		const more = share.querySelector( '[data-tp-preview-more]' );
		const listed = field( 'share', 'more' );
		const brand = field( 'share', 'brandColours' );
		const update = function () {
			// The bar's order is the order of the boxes, as a save stores it.
			services
				.querySelectorAll( 'input[type="checkbox"]' )
				.forEach( function ( box ) {
					list.querySelectorAll( '[data-tp-preview-item]' ).forEach(
						function ( item ) {
							if (
								item.getAttribute( 'data-tp-preview-item' ) ===
								box.value
							) {
								item.hidden = ! box.checked;
								list.insertBefore( item, more );
							}
						}
					);
				} );
			if ( more && listed ) {
				more.hidden = ! listed.querySelector( 'input:checked' );
			}
			if ( brand ) {
				bar.classList.toggle( 'tp-share--brand', brand.checked );
				bar.classList.toggle( 'tp-share--quiet', ! brand.checked );
			}
		};
		share.closest( 'form' ).addEventListener( 'change', update );
		update();
	}

	const push = document.querySelector( '[data-tp-push-preview]' );
	const wording = field( 'push', 'wording' );
	if ( push && wording ) {
		const text = push.querySelector( '.tp-push__text' );
		const prompt = push.querySelector( '.tp-push__prompt' );
		const off = push.querySelector( '.tp-settings-preview__off' );
		const original = field( 'push', 'originalWording' );
		const offered = field( 'push', 'prompt' );
		const update = function () {
			// PushPrompt::wording()'s rule, between the sentences the server wrote.
			const typed = wording.value.trim();
			let said = push.getAttribute( 'data-tp-default' );
			if ( typed ) {
				said = typed
					.split( '{site}' )
					.join( push.getAttribute( 'data-tp-site' ) );
			} else if ( original && original.checked ) {
				said = push.getAttribute( 'data-tp-original' );
			}
			text.textContent = said;
			if ( offered ) {
				prompt.hidden = ! offered.checked;
				off.hidden = offered.checked;
			}
		};
		wording.addEventListener( 'input', update );
		push.closest( 'form' ).addEventListener( 'change', update );
		update();
	}
} )();
