/**
 * Reads the few EXIF fields a Book shows (date taken, camera) and whether a GPS block exists.
 * GPS values themselves are never decoded. Malformed EXIF yields an empty result.
 */
export interface ExifInfo {
  takenAt?: string;
  camera?: string;
  hasGps: boolean;
}

export function readExif(exif: Buffer | undefined): ExifInfo {
  const info: ExifInfo = { hasGps: false };
  if (!exif || exif.length < 14) return info;
  try {
    let tiff = exif;
    if (exif.subarray(0, 6).toString('latin1') === 'Exif\0\0') tiff = exif.subarray(6);
    const order = tiff.subarray(0, 2).toString('latin1');
    if (order !== 'II' && order !== 'MM') return info;
    const le = order === 'II';
    const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
    const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
    if (u16(2) !== 42) return info;

    const readIfd = (offset: number): Map<number, { type: number; count: number; valueOffset: number }> => {
      const entries = new Map<number, { type: number; count: number; valueOffset: number }>();
      if (offset < 8 || offset + 2 > tiff.length) return entries;
      const n = u16(offset);
      for (let i = 0; i < n && i < 500; i++) {
        const at = offset + 2 + i * 12;
        if (at + 12 > tiff.length) break;
        entries.set(u16(at), { type: u16(at + 2), count: u32(at + 4), valueOffset: at + 8 });
      }
      return entries;
    };
    const ascii = (entry: { type: number; count: number; valueOffset: number } | undefined): string | undefined => {
      if (!entry || entry.type !== 2 || entry.count === 0 || entry.count > 1000) return undefined;
      const start = entry.count <= 4 ? entry.valueOffset : u32(entry.valueOffset);
      if (start + entry.count > tiff.length) return undefined;
      const text = tiff
        .subarray(start, start + entry.count)
        .toString('latin1')
        .replace(/\u0000.*$/s, '')
        .trim();
      return text || undefined;
    };

    const ifd0 = readIfd(u32(4));
    const make = ascii(ifd0.get(0x010f));
    const model = ascii(ifd0.get(0x0110));
    const exifPointer = ifd0.get(0x8769);
    const exifIfd = exifPointer ? readIfd(u32(exifPointer.valueOffset)) : new Map();
    const date = ascii(exifIfd.get(0x9003)) ?? ascii(exifIfd.get(0x9004)) ?? ascii(ifd0.get(0x0132));
    const m = date && /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(date);
    if (m && m[1] !== '0000') {
      const offset = ascii(exifIfd.get(0x9011));
      info.takenAt = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : ''}`;
    }
    if (make || model) {
      info.camera = make && model && !model.toLowerCase().startsWith(make.toLowerCase()) ? `${make} ${model}` : (model ?? make);
    }
    const gpsPointer = ifd0.get(0x8825);
    if (gpsPointer) {
      const gps = readIfd(u32(gpsPointer.valueOffset));
      info.hasGps = gps.size > 0;
    }
  } catch {
    // Malformed EXIF: keep what was read.
  }
  return info;
}
