/** Minimal typings for fontkit 2 (the parts the cover uses; the package ships none). */
declare module 'fontkit' {
  interface Path {
    toSVG(): string;
    scale(x: number, y?: number): Path;
    translate(x: number, y: number): Path;
  }
  interface Glyph {
    id: number;
    advanceWidth: number;
    path: Path;
  }
  interface Font {
    unitsPerEm: number;
    variationCoords?: number[] | null;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Buffer): Font;
}
