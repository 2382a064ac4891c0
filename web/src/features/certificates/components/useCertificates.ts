import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { useRuntimeConfig } from '@/shared/config';
import { certText } from '@/shared/locales/certificates';
import { zhCN } from '@/shared/locales/zh-CN';
import { keyCall, probeKeys, type KeyProbe } from '../providers/keys';
import { createSoftProvider } from '../providers/soft/softProvider';
import { CertificateError, type CertificateInfo, type SignedChallenge } from '../providers/types';

/** Proof is what the certificate calls of the server take. */
export type Proof = SignedChallenge & { serialNumber: string; keySource?: 'key' | 'soft' };

/** Source is where the screen's certificates come from: .pfx files or the USB keys' services. */
export type Source = 'soft' | 'key';

/**
 * useCertificates holds one screen's certificate sources: the soft provider with the files
 * opened on this screen (their keys live as long as the screen), the USB keys found by the
 * last probe, the certificates listed and the one chosen. A new screen starts empty: nothing
 * is kept across screens or reloads. The USB keys' services are probed only when the user
 * chooses that source (each probe may raise the browser's Local Network Access prompt).
 */
export function useCertificates() {
  const { certServices } = useRuntimeConfig();
  const soft = useRef(createSoftProvider()).current;
  const [source, setSource] = useState<Source>('soft');
  const [softCerts, setSoftCerts] = useState<CertificateInfo[]>([]);
  const [probe, setProbe] = useState<KeyProbe | null>(null);
  const [probing, setProbing] = useState(false);
  const [pin, setPin] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const certificates: CertificateInfo[] = source === 'soft' ? softCerts : (probe?.certificates ?? []);

  // The services' connections go with the screen.
  useEffect(() => () => probe?.providers.forEach((p) => p.close()), [probe]);

  async function probeNow() {
    setProbing(true);
    setSelected(null);
    try {
      const found = await probeKeys({ protocol: location.protocol, href: location.href, services: certServices });
      setProbe(found);
      if (found.certificates.length === 1) setSelected(found.certificates[0].id);
    } finally {
      setProbing(false);
    }
  }

  return {
    source,
    certificates,
    selected: certificates.find((c) => c.id === selected) ?? null,
    select: setSelected,
    /** The USB source: probing now, and why nothing was found. */
    probing,
    keyError: source === 'key' ? probe?.error : undefined,
    /** Whether any USB-key service is configured (BIDPASS_CA_LOCAL_SERVICES). */
    keysConfigured: Object.values(certServices).some((o) => o.length > 0),
    pin,
    setPin,
    /** choose switches the source; choosing USB keys probes their services. */
    async choose(s: Source) {
      setSource(s);
      setSelected(null);
      if (s === 'key') await probeNow();
    },
    probeAgain: probeNow,
    /** open reads a .pfx/.p12 with its password, lists it and chooses it; throws CertificateError. */
    async open(file: File, password: string): Promise<CertificateInfo> {
      const c = soft.open(new Uint8Array(await file.arrayBuffer()), password);
      setSoftCerts(await soft.list());
      setSelected(c.id);
      return c;
    },
    /**
     * prove signs a challenge with the chosen certificate: it asks the challenge for the
     * certificate's serial, signs it (a USB key after its PIN) and submits the proof (the
     * certificate goes beside the signature). With none chosen it throws 请选择证书.
     */
    async prove<T>(challenge: (serialNumber: string) => Promise<string>, submit: (proof: Proof) => Promise<T>): Promise<T> {
      const c = certificates.find((x) => x.id === selected);
      if (!c) throw new CertificateError(certText.pleaseSelect);
      let signed: SignedChallenge;
      if (source === 'soft') {
        signed = await soft.sign(c.id, await challenge(c.serialNumber));
      } else {
        const vendor = probe?.certificates.find((x) => x.id === c.id)?.vendor;
        const provider = vendor && probe?.providers.get(vendor);
        if (!provider) throw new CertificateError(certText.noCertificate);
        if (!pin) throw new CertificateError(certText.enterPin);
        const id = c.id.slice(vendor.length + 1);
        await keyCall(() => provider.login(id, pin));
        const text = await challenge(c.serialNumber);
        signed = await keyCall(() => provider.sign(id, text));
      }
      // keySource tells the server how the user signed in (amr hwk or swk, docs/sso.md).
      return submit({ serialNumber: c.serialNumber, ...signed, certificate: signed.certificate ?? c.certificate, keySource: source === 'soft' ? 'soft' : 'key' });
    },
  };
}

/** Certificates is what useCertificates answers. */
export type Certificates = ReturnType<typeof useCertificates>;

/** errorText is the user's message for a failure of a certificate step: the provider's, the server's, or the network's. */
export function errorText(e: unknown): string {
  if (e instanceof CertificateError) return e.message;
  if (e instanceof ApiError) return e.msg || zhCN.http.networkError;
  return certText.signFailed;
}
