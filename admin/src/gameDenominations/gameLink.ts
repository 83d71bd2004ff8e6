/** The game's screen on its denominations tab, where a denomination's create and edit pages lead back. */
export const gameDenominationsPath = (gameId: unknown) => `/games/${String(gameId)}?tab=denominations`;
