/**
 * Circles are not built yet (no screens, no way to join one): until they are, nothing about them
 * is shown (no "Users and circles", no "0 Circles" counter). Set to true when the circles issue
 * lands; the texts and the code paths are kept.
 */
export const CIRCLES_BUILT = true;
