import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { deflateRawSync, crc32 } from 'node:zlib';
import Encoding from 'encoding-japanese';
import { detectTextEncoding } from './csv-sniff';
import { claimedExtension, DETECT_HEAD_BYTES, detectDataFile, downloadName, nameFitsType, stripInvisible } from './file-types';
import { biffWorkbook, compoundFile, sample, SAMPLE_FILES } from './testing/fixtures';

const head = (buf: Buffer) => buf.subarray(0, DETECT_HEAD_BYTES);

/** A zip with the given entries (deflated), like the samples' OOXML packages. */
function zip(files: Array<[string, string]>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of files) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(local, Buffer.from(name), packed);
  }
  return Buffer.concat(parts);
}

describe('detectDataFile', () => {
  it.each([
    ['prefecture-health-insurance.csv', 'csv', 'text/csv'],
    ['tokyo-weather-2025.csv', 'csv', 'text/csv'],
    ['world-city-populations.xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['remote-work-survey.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['community-report-ja.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['park-photo.jpg', 'jpeg', 'image/jpeg'],
  ])('recognises the sample %s as %s', (file, kind, mime) => {
    expect(detectDataFile(head(sample(file)), file)).toEqual({ kind, mime, extension: kind === 'jpeg' ? 'jpg' : kind });
  });

  it('agrees with file-type on the binary samples', async () => {
    for (const file of SAMPLE_FILES.filter((f) => !f.endsWith('.csv'))) {
      const detected = detectDataFile(head(sample(file)), file)!;
      const reference = await fileTypeFromBuffer(sample(file));
      expect(reference?.mime).toBe(detected.mime);
    }
  });

  it('decides by content, not by the name', () => {
    expect(detectDataFile(head(sample('park-photo.jpg')), 'photo.csv')?.kind).toBe('jpeg');
    expect(detectDataFile(head(sample('prefecture-health-insurance.csv')), 'data.jpg')?.kind).toBe('csv');
    expect(detectDataFile(head(sample('world-city-populations.xlsx')), 'report.docx')?.kind).toBe('xlsx');
    expect(detectDataFile(head(sample('remote-work-survey.docx')), 'x')?.kind).toBe('docx');
  });

  it('accepts UTF-8 with BOM, Shift_JIS, tab- and semicolon-separated text', () => {
    expect(detectDataFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('名前,年齢\n山田,30\n佐藤,41\n')]), 'a.csv')?.kind).toBe('csv');
    expect(detectDataFile(sample('tokyo-weather-2025.csv').subarray(0, 1000), 'w.csv')?.kind).toBe('csv'); // cut mid-character is fine
    expect(detectDataFile(Buffer.from('a\tb\tc\n1\t2\t3\n4\t5\t6\n'), 'a.tsv')?.kind).toBe('csv');
    expect(detectDataFile(Buffer.from('a;b\n1,5;2\n3;4\n'), 'a.csv')?.kind).toBe('csv');
    expect(detectDataFile(Buffer.from('city,"note, with comma"\nTokyo,"multi\nline"\nOsaka,x\n'), 'q.csv')?.kind).toBe('csv');
  });

  it('recognises UTF-16 (BOM), EUC-JP and ISO-2022-JP tables by their bytes, even in a head cut mid-character (issue 40)', () => {
    const rows = ['都道府県\t健康保険料率\t地域'];
    for (let i = 0; i < 4000; i++) rows.push(`佐賀県${i}\t10.51\t九州・沖縄`);
    const text = rows.join('\r\n') + '\r\n';
    const encode = (to: string) => Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to, from: 'UNICODE' }) as number[]);
    const files: Array<[string, Buffer]> = [
      ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
      ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
      ['euc-jp', encode('EUCJP')],
      ['shift_jis', encode('SJIS')],
      ['iso-2022-jp', encode('JIS')],
      ['utf-8', Buffer.from(text)],
    ];
    for (const [encoding, bytes] of files) {
      expect(bytes.length).toBeGreaterThan(DETECT_HEAD_BYTES);
      // The head as uploads pass it (it may end inside a multi-byte character).
      const head = bytes.subarray(0, DETECT_HEAD_BYTES);
      expect([encoding, detectTextEncoding(head)]).toEqual([encoding, encoding]);
      expect([encoding, detectDataFile(head, 'rates.txt')?.kind]).toEqual([encoding, 'csv']);
    }
    // A head that ends inside a character (the 64 KiB of 3-byte UTF-8 characters).
    expect(detectTextEncoding(Buffer.from('都'.repeat(30000)).subarray(0, DETECT_HEAD_BYTES))).toBe('utf-8');
    // UTF-16 prose is still no table.
    expect(detectDataFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ただの文章です。\r\n', 'utf16le')]), 'memo.txt')).toBeNull();
  });

  it('refuses PNG, PDF, executables, random bytes, other zips and undelimited text', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expect(detectDataFile(png, 'image.csv')).toBeNull();
    expect(detectDataFile(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), 'doc.csv')).toBeNull();
    expect(detectDataFile(Buffer.from('%PDF-1.4\n1,2,3\n4,5,6\n'), 'doc.csv')).toBeNull();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect(detectDataFile(elf, 'a.csv')).toBeNull();
    expect(detectDataFile(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]), 'a.xls')).toBeNull();
    let seed = 7;
    const random = Buffer.alloc(4096, 0).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
    expect(detectDataFile(Buffer.from(random), 'random.csv')).toBeNull();
    expect(detectDataFile(Buffer.from('Hello there.\nThis is just prose without any delimiters at all.\nReally.\n'), 'notes.csv')).toBeNull();
    expect(detectDataFile(Buffer.from('<!DOCTYPE html>\n<html><body><p>a, b, c</p>\n<p>d, e, f</p></body></html>\n'), 'page.csv')).toBeNull();
    expect(detectDataFile(Buffer.from('#!/bin/sh\necho a,b,c\necho d,e,f\n'), 'run.csv')).toBeNull();
    expect(detectDataFile(Buffer.from('{"a": 1, "b": 2,\n "c": 3, "d": 4}\n'), 'x.csv')).toBeNull();
    expect(detectDataFile(Buffer.alloc(0), 'empty.csv')).toBeNull();
    expect(
      detectDataFile(
        zip([
          ['readme.txt', 'hello'],
          ['data/a.csv', 'a,b\n1,2\n'],
        ]),
        'archive.xlsx',
      ),
    ).toBeNull();
    const pptx = zip([
      [
        '[Content_Types].xml',
        '<Types><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
      ],
      ['ppt/presentation.xml', '<p/>'],
    ]);
    expect(detectDataFile(pptx, 'slides.docx')).toBeNull();
  });

  it('recognises an OOXML package from its part names when the content types are not in the head', () => {
    const noTypes = zip([
      ['_rels/.rels', '<Relationships/>'],
      ['xl/workbook.xml', '<workbook/>'],
    ]);
    expect(detectDataFile(noTypes, 'book')?.kind).toBe('xlsx');
  });

  it('tells legacy Excel from Word by the compound file streams, whatever the name', () => {
    const xls = compoundFile('Workbook', biffWorkbook(['Sheet1']));
    const doc = compoundFile('WordDocument', Buffer.alloc(100, 1));
    expect(detectDataFile(xls, 'old.doc')).toEqual({ kind: 'xls', mime: 'application/vnd.ms-excel', extension: 'xls' });
    expect(detectDataFile(doc, 'old.xls')).toEqual({ kind: 'doc', mime: 'application/msword', extension: 'doc' });
    expect(detectDataFile(compoundFile('__substg1.0_0037001F', Buffer.alloc(10)), 'mail.xls')).toBeNull();
  });

  it('falls back to the extension when only the compound file header is available', () => {
    const headerOnly = compoundFile('Workbook', Buffer.alloc(10)).subarray(0, 512);
    expect(detectDataFile(headerOnly, 'old.xls')?.kind).toBe('xls');
    expect(detectDataFile(headerOnly, 'old.doc')?.kind).toBe('doc');
    expect(detectDataFile(headerOnly, 'old.bin')).toBeNull();
  });
});

describe('names and types', () => {
  it('refuses one line of text as a table (34 bytes named fake.jpg), accepts a header and a row', () => {
    expect(detectDataFile(Buffer.from('this is not a picture, honestly!!\n'), 'fake.jpg')).toBeNull();
    expect(detectDataFile(Buffer.from('a,b\n1,2\n'), 'x.csv')?.kind).toBe('csv');
  });

  it('reads the extension a name claims: letters and digits with a letter, after the last dot', () => {
    expect(claimedExtension('data.CSV')).toBe('csv');
    expect(claimedExtension('archive.tar.gz')).toBe('gz');
    expect(claimedExtension('data')).toBe('');
    expect(claimedExtension('report.2024')).toBe('');
    expect(claimedExtension('売上.データ')).toBe('');
    expect(claimedExtension('.csv')).toBe('');
  });

  it('lets a name carry its type’s extensions or none, never another type’s', () => {
    expect(nameFitsType('photo.JPG', 'jpeg')).toBe(true);
    expect(nameFitsType('photo.jpeg', 'jpeg')).toBe(true);
    expect(nameFitsType('scores.tsv', 'csv')).toBe(true);
    expect(nameFitsType('scores.txt', 'csv')).toBe(true);
    expect(nameFitsType('rates', 'csv')).toBe(true);
    expect(nameFitsType('rates.2024', 'xlsx')).toBe(true);
    expect(nameFitsType('fake.jpg', 'csv')).toBe(false);
    expect(nameFitsType('page.html', 'csv')).toBe(false);
    expect(nameFitsType('book.xls', 'xlsx')).toBe(false);
    expect(nameFitsType('report.docx', 'doc')).toBe(false);
    expect(nameFitsType('data.v2', 'csv')).toBe(false);
  });

  it('strips control and format characters (bidirectional overrides, zero-width marks, BOM) and nothing else', () => {
    expect(stripInvisible('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(stripInvisible('a\u200Bb\u200Dc\u2066d\u2069e\uFEFFf\u0007g\u2028h\u00ADi')).toBe('abcdefghi');
    expect(stripInvisible('健康保険 データ_2024 (1).csv')).toBe('健康保険 データ_2024 (1).csv');
    expect(stripInvisible('emoji 👍🏽 ok')).toBe('emoji 👍🏽 ok');
  });

  it('names a download by the detected type', () => {
    expect(downloadName('page.html', 'csv')).toBe('page.csv');
    expect(downloadName('photo', 'jpeg')).toBe('photo.jpg');
    expect(downloadName('photo.JPEG', 'jpeg')).toBe('photo.jpg');
    expect(downloadName('scores.tsv', 'csv')).toBe('scores.csv');
    expect(downloadName('report\u202Efdp.exe', 'docx')).toBe('reportfdp.docx');
    expect(downloadName('rates.2024', 'csv')).toBe('rates.2024.csv');
    expect(downloadName('\u202E.html', 'csv')).toBe('html.csv'); // no hidden-file names
    expect(downloadName('\u202E', 'csv')).toBe('file.csv');
    expect(downloadName('a/b/../x.doc', 'doc')).toBe('x.doc');
  });
});
