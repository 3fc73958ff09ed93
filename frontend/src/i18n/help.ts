// These texts come with each language's chunk (texts-en.ts, texts-ja.ts), loaded before the first
// paint: every first visit meets them (the welcome, the posts, the ads). Importing this module,
// as the screens that show them do, keeps that dependency visible where the texts are used.
export {};
