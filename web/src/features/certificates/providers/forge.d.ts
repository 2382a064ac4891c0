/**
 * The few parts of node-forge the soft provider uses, imported from its lib/ modules so the
 * bundle carries PKCS#12, ASN.1, RSA and the hashes but not TLS, SSH or the rest (54 KiB
 * gzip instead of 77). The project has no @types/node-forge; these declarations cover only
 * what providers/soft reads and calls.
 */
declare module 'node-forge/lib/forge' {
  namespace forge {
    type Bytes = string;

    interface Asn1 {
      tagClass: number;
      type: number;
      constructed: boolean;
      composed: boolean;
      value: Bytes | Asn1[];
    }

    interface ByteBuffer {
      getBytes(): Bytes;
      bytes(): Bytes;
    }

    interface MessageDigest {
      update(msg: Bytes, encoding?: 'raw' | 'utf8'): MessageDigest;
      digest(): ByteBuffer;
    }

    interface RsaPrivateKey {
      sign(md: MessageDigest, scheme?: string): Bytes;
    }

    interface RsaPublicKey {
      verify(digest: Bytes, signature: Bytes, scheme?: string): boolean;
    }

    interface SafeBag {
      type: string;
      attributes: { localKeyId?: Bytes[]; friendlyName?: string[] };
      key?: RsaPrivateKey | null;
      cert?: unknown;
      /** What forge could not turn into an object (EC/SM2 keys and their certificates). */
      asn1?: Asn1;
    }

    interface Pkcs12Pfx {
      safeContents: { encrypted: boolean; safeBags: SafeBag[] }[];
    }

    const asn1: {
      Class: { UNIVERSAL: number; APPLICATION: number; CONTEXT_SPECIFIC: number; PRIVATE: number };
      Type: {
        INTEGER: number;
        BITSTRING: number;
        OCTETSTRING: number;
        NULL: number;
        OID: number;
        UTF8: number;
        SEQUENCE: number;
        SET: number;
        PRINTABLESTRING: number;
        IA5STRING: number;
        UTCTIME: number;
        GENERALIZEDTIME: number;
        BMPSTRING: number;
      };
      create(tagClass: number, type: number, constructed: boolean, value: Bytes | Asn1[]): Asn1;
      fromDer(bytes: Bytes, options?: { strict?: boolean; parseAllBytes?: boolean; decodeBitStrings?: boolean }): Asn1;
      toDer(obj: Asn1): ByteBuffer;
      oidToDer(oid: string): ByteBuffer;
      derToOid(bytes: Bytes): string;
      utcTimeToDate(utc: Bytes): Date;
      generalizedTimeToDate(gentime: Bytes): Date;
      dateToUtcTime(date: Date): Bytes;
    };

    const pkcs12: {
      pkcs12FromAsn1(obj: Asn1, strict: boolean, password: string): Pkcs12Pfx;
    };

    const pki: {
      privateKeyFromAsn1(obj: Asn1): RsaPrivateKey;
      publicKeyFromAsn1(obj: Asn1): RsaPublicKey;
      /** Re-encodes a certificate forge read; the TBS part is the original ASN.1 forge kept. */
      certificateToAsn1(cert: unknown): Asn1;
    };

    const md: {
      sha256: { create(): MessageDigest };
    };

    const random: {
      getBytesSync(count: number): Bytes;
    };

    const util: {
      encode64(bytes: Bytes): string;
      decode64(b64: string): Bytes;
      bytesToHex(bytes: Bytes): string;
      hexToBytes(hex: string): Bytes;
      encodeUtf8(s: string): Bytes;
      decodeUtf8(bytes: Bytes): string;
      binary: { raw: { encode(bytes: Uint8Array): Bytes; decode(s: Bytes): Uint8Array } };
    };
  }
  export default forge;
}
declare module 'node-forge/lib/pkcs12';
declare module 'node-forge/lib/asn1';
declare module 'node-forge/lib/util';
declare module 'node-forge/lib/sha256';
