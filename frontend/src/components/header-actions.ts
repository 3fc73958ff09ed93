/** The header's place for the screen's actions on wide screens (see floating-action.tsx). */
export const HEADER_ACTIONS_ID = 'header-actions';
