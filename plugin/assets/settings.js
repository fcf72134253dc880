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
