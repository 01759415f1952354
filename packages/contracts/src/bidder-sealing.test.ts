import { createCipheriv, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bidderSealed, type SealedQuotation } from './bid.js';
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  decryptFileBytes,
  encryptFileBytes,
  fromBase64,
  newContentKey,
  openQuotation,
  pbkdf2Sha256,
  quotationPlaintext,
  sealPlaintext,
  sealQuotation,
  toBase64,
  unwrapContentKey,
  WrongKeyError,
} from './bidder-sealing.js';

const hex = (text: string) =>
  new Uint8Array(text.match(/../g)!.map((pair) => parseInt(pair, 16))) as Uint8Array<ArrayBuffer>;
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", test cases 14–16 (AES-256),
 * the vectors NIST's GCM validation reproduces.
 */
const GCM_KEY = 'feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308';
const GCM_PLAIN =
  'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72' +
  '1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255';
const GCM_CIPHER =
  '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa' +
  '8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad';
const gcmCases = [
  {
    name: 'test case 14 (zero key, one zero block)',
    key: '00'.repeat(32),
    iv: '00'.repeat(12),
    plain: '00'.repeat(16),
    aad: '',
    cipher: 'cea7403d4d606b6e074ec5d3baf39d18',
    tag: 'd0d1c8a799996bf0265b98b5d48ab919',
  },
  {
    name: 'test case 15 (four blocks)',
    key: GCM_KEY,
    iv: 'cafebabefacedbaddecaf888',
    plain: GCM_PLAIN,
    aad: '',
    cipher: GCM_CIPHER,
    tag: 'b094dac5d93471bdec1a502270e3cc6c',
  },
  {
    name: 'test case 16 (60 bytes, additional data)',
    key: GCM_KEY,
    iv: 'cafebabefacedbaddecaf888',
    plain: GCM_PLAIN.slice(0, 120),
    aad: 'feedfacedeadbeeffeedfacedeadbeefabaddad2',
    cipher: GCM_CIPHER.slice(0, 120),
    tag: '76fc6ece0f4e1768cddf8853bb2d551b',
  },
];

describe('AES-256-GCM against the published vectors', () => {
  for (const c of gcmCases)
    it(c.name, async () => {
      const aad = c.aad ? hex(c.aad) : undefined;
      const sealed = await aesGcmEncrypt(hex(c.key), hex(c.iv), hex(c.plain), aad);
      expect(toHex(sealed)).toBe(c.cipher + c.tag);
      const opened = await aesGcmDecrypt(hex(c.key), hex(c.iv), sealed, aad);
      expect(toHex(opened)).toBe(c.plain);
    });

  it('refuses a flipped bit of the ciphertext', async () => {
    const sealed = hex(gcmCases[1]!.cipher + gcmCases[1]!.tag);
    sealed[0]! ^= 1;
    await expect(
      aesGcmDecrypt(hex(GCM_KEY), hex('cafebabefacedbaddecaf888'), sealed),
    ).rejects.toBeInstanceOf(WrongKeyError);
  });
});

describe('PBKDF2-HMAC-SHA-256 against the published vectors', () => {
  // RFC 7914 §11 (the scrypt RFC lists PBKDF2-HMAC-SHA256 vectors).
  it('RFC 7914: "passwd" / "salt", 1 iteration, 64 bytes', async () => {
    const key = await pbkdf2Sha256('passwd', new TextEncoder().encode('salt'), 1, 64);
    expect(toHex(key)).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc' +
        '49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
    );
  });
  // The widely reproduced "password" / "salt" vectors (RFC 6070's inputs, with SHA-256).
  it('"password" / "salt", 4096 iterations, 32 bytes', async () => {
    const key = await pbkdf2Sha256('password', new TextEncoder().encode('salt'), 4096);
    expect(toHex(key)).toBe('c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a');
  });
});

const quotation: SealedQuotation = {
  totalPrice: 1_234_567.89,
  currency: 'CNY',
  deliveryDays: 45,
  warrantyMonths: 24,
  remark: '含运输与安装',
  fileIds: [12, 13],
};
// The contract's minimum is slow on purpose; round trips use it once and test logic at 1000.
const FAST = 1000;

describe('sealing a quotation', () => {
  it('produces the open format of API.md at the contract minimum, and opens with the passphrase', async () => {
    const contentKey = newContentKey();
    const sealed = await sealQuotation(quotation, contentKey, '口令 correct horse 42');
    expect(bidderSealed.parse(sealed)).toEqual(sealed);
    expect(sealed.iterations).toBe(600_000);
    expect(fromBase64(sealed.iv)).toHaveLength(12);
    expect(fromBase64(sealed.wrapIv)).toHaveLength(12);
    expect(fromBase64(sealed.salt)).toHaveLength(16);
    expect(fromBase64(sealed.wrappedKey)).toHaveLength(48);
    // Nothing of the price is readable in what leaves the browser.
    expect(JSON.stringify(sealed)).not.toContain('1234567');

    const unwrapped = await unwrapContentKey(sealed, '口令 correct horse 42');
    expect(toHex(unwrapped)).toBe(toHex(contentKey));
    expect(await openQuotation(sealed, unwrapped)).toEqual(quotation);
  }, 30_000);

  it('refuses a wrong passphrase, and a key of another bid', async () => {
    const sealed = await sealQuotation(quotation, newContentKey(), 'right-passphrase', FAST);
    await expect(unwrapContentKey(sealed, 'wrong-passphrase')).rejects.toBeInstanceOf(
      WrongKeyError,
    );
    await expect(openQuotation(sealed, newContentKey())).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('uses a fresh IV, salt and wrap IV every time', async () => {
    const key = newContentKey();
    const [a, b] = await Promise.all([
      sealQuotation(quotation, key, 'same-passphrase', FAST),
      sealQuotation(quotation, key, 'same-passphrase', FAST),
    ]);
    expect(a.iv).not.toBe(b.iv);
    expect(a.salt).not.toBe(b.salt);
    expect(a.wrapIv).not.toBe(b.wrapIv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('says which rule a decrypted quotation breaks', async () => {
    const key = newContentKey();
    const sealed = await sealQuotation({ ...quotation, totalPrice: 0 }, key, 'passphrase', FAST);
    await expect(openQuotation(sealed, key)).rejects.toThrow(/投标总价/);
  });
});

/** Node's own AES-256-GCM and PBKDF2 (OpenSSL), apart from Web Crypto: the format's known answer. */
function nodeSeal(plain: Buffer, key: Buffer, iv: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
}

describe('the open format (API.md), against an independent implementation', () => {
  const contentKey = hex('00112233445566778899aabbccddeeff'.repeat(2));
  const salt = hex('a0a1a2a3a4a5a6a7a8a9aaabacadaeaf');
  const iv = hex('b0b1b2b3b4b5b6b7b8b9babb');
  const wrapIv = hex('c0c1c2c3c4c5c6c7c8c9cacb');

  it('writes exactly what OpenSSL writes for the same key, salt and IVs', async () => {
    const plaintext = quotationPlaintext(quotation);
    expect(new TextDecoder().decode(plaintext)).toBe(
      '{"totalPrice":"1234567.89","currency":"CNY","deliveryDays":45,"warrantyMonths":24,' +
        '"remark":"含运输与安装","fileIds":[12,13]}',
    );
    const sealed = await sealPlaintext(plaintext, contentKey, '口令 correct horse 42', {
      iterations: FAST,
      salt,
      iv,
      wrapIv,
    });
    const wrappingKey = pbkdf2Sync('口令 correct horse 42', salt, FAST, 32, 'sha256');
    expect(sealed).toEqual({
      alg: 'A256GCM',
      ciphertext: nodeSeal(Buffer.from(plaintext), Buffer.from(contentKey), Buffer.from(iv)),
      iv: 'sLGys7S1tre4ubq7',
      wrappedKey: nodeSeal(Buffer.from(contentKey), wrappingKey, Buffer.from(wrapIv)),
      wrapIv: 'wMHCw8TFxsfIycrL',
      salt: 'oKGio6SlpqeoqaqrrK2urw==',
      iterations: FAST,
    });
    expect(toHex(await unwrapContentKey(sealed, '口令 correct horse 42'))).toBe(toHex(contentKey));
  });
});

describe('bid files', () => {
  it('are a 12-byte IV followed by ciphertext and tag, and decrypt back', async () => {
    const key = newContentKey();
    const plain = new Uint8Array(200_000).map((_, i) => i % 251);
    const sealed = await encryptFileBytes(plain, key);
    expect(sealed).toHaveLength(12 + plain.length + 16);
    const iv = sealed.subarray(0, 12);
    const tail = await aesGcmDecrypt(key, iv, sealed.subarray(12));
    expect(toHex(tail)).toBe(toHex(plain));
    expect(toHex(await decryptFileBytes(sealed, key))).toBe(toHex(plain));
    await expect(decryptFileBytes(sealed, newContentKey())).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('base64 round-trips bytes of every value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(toHex(fromBase64(toBase64(all)))).toBe(toHex(all));
  });
});
