/**
 * A TrueType font rewritten so that @pdf-lib/fontkit subsets it correctly.
 *
 * fontkit 1.x copies each glyph's bytes into the subset and, when the subset is under 128 KB,
 * writes a short `loca` table, which stores offsets halved: a glyph of odd length shifts every
 * glyph after it by a byte. Noto Sans SC's glyphs are not padded (its `loca` is long), so the
 * subset of a 中标通知书 drew a few characters and garbage or nothing for the rest, while
 * pdftotext still read the text. Padding every glyph to 4 bytes (as most fonts ship) makes
 * every offset even; the outlines are unchanged.
 */

const align4 = (n: number) => (n + 3) & ~3;

/** The sum of the table's big-endian 32-bit words, the last one zero-padded. */
function checksum(table: Buffer) {
  let sum = 0;
  const whole = table.length & ~3;
  // A DataView: Buffer.readUInt32BE is several times slower over a 10 MB glyf table.
  const words = new DataView(table.buffer, table.byteOffset, whole);
  for (let i = 0; i < whole; i += 4) sum = (sum + words.getUint32(i)) >>> 0;
  if (whole < table.length) {
    const tail = Buffer.alloc(4);
    table.copy(tail, 0, whole);
    sum = (sum + tail.readUInt32BE(0)) >>> 0;
  }
  return sum;
}

export function padGlyphs(font: Buffer): Buffer {
  const numTables = font.readUInt16BE(4);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = font.toString('latin1', record, record + 4);
    const offset = font.readUInt32BE(record + 8);
    const length = font.readUInt32BE(record + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  const head = tables.get('head');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const maxp = tables.get('maxp');
  if (!head || !loca || !glyf || !maxp) throw new Error('not a TrueType (glyf) font');

  const numGlyphs = maxp.readUInt16BE(4);
  const longOffsets = head.readInt16BE(50) === 1;
  const offsetOf = (gid: number) =>
    longOffsets ? loca.readUInt32BE(gid * 4) : loca.readUInt16BE(gid * 2) * 2;

  // One buffer for all glyphs, each copied at a 4-byte boundary (the gaps stay zero).
  const newGlyf = Buffer.alloc(glyf.length + numGlyphs * 3);
  const newLoca = Buffer.alloc((numGlyphs + 1) * 4);
  let position = 0;
  for (let gid = 0; gid < numGlyphs; gid++) {
    newLoca.writeUInt32BE(position, gid * 4);
    position = align4(position + glyf.copy(newGlyf, position, offsetOf(gid), offsetOf(gid + 1)));
  }
  newLoca.writeUInt32BE(position, numGlyphs * 4);

  const newHead = Buffer.from(head);
  newHead.writeInt16BE(1, 50); // indexToLocFormat: long offsets
  newHead.writeUInt32BE(0, 8); // checkSumAdjustment, recomputed below
  tables.set('head', newHead);
  tables.set('loca', newLoca);
  tables.set('glyf', newGlyf.subarray(0, position));

  // The same table directory, each table 4-byte aligned, with fresh checksums.
  const tags = [...tables.keys()].sort();
  const header = Buffer.alloc(12 + tags.length * 16);
  font.copy(header, 0, 0, 12);
  let offset = header.length;
  const bodies: Buffer[] = [];
  tags.forEach((tag, i) => {
    const table = tables.get(tag)!;
    const record = 12 + i * 16;
    header.write(tag, record, 'latin1');
    header.writeUInt32BE(checksum(table), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.length, record + 12);
    bodies.push(table, Buffer.alloc(align4(table.length) - table.length));
    offset += align4(table.length);
  });
  const result = Buffer.concat([header, ...bodies]);
  const headOffset = header.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
  result.writeUInt32BE((0xb1b0afba - checksum(result)) >>> 0, headOffset + 8);
  return result;
}
