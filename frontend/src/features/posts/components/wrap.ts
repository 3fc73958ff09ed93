/** Long unbroken text (URLs, 100 characters without spaces) wraps instead of widening the card. */
export const wrapAnywhere = { overflowWrap: 'anywhere', wordBreak: 'break-word', minWidth: 0 } as const;
