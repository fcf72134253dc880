// Types of share-icons.mjs for vite.config.ts, which builds the sprite with the islands.
export function shareSprite( options: {
	catalogue: { services: Array< { id: string; icon: string } > };
	simpleIconsDir: string;
	ownIconsDir: string;
} ): string;
export function writeShareSprite( outFile: string ): {
	symbols: number;
	bytes: number;
};
