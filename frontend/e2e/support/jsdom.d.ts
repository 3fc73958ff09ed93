// The part of jsdom (a dev dependency of the component tests, which ships no types) the crawler
// journey uses to read HTML as a crawler would, without running its scripts.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
