/** The header's place for the screen's actions on wide screens (see FloatingAction in post-data-fab.tsx). */
export const HEADER_ACTIONS_ID = 'header-actions';
