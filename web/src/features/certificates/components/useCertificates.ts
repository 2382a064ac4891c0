import { useRef, useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { certText } from '@/shared/locales/certificates';
import { zhCN } from '@/shared/locales/zh-CN';
import { createSoftProvider } from '../providers/soft/softProvider';
import { CertificateError, type CertificateInfo, type SignedChallenge } from '../providers/types';

/** Proof is what the certificate calls of the server take. */
export type Proof = SignedChallenge & { serialNumber: string };

/**
 * useCertificates holds one screen's certificate source: the soft provider with the files
 * opened on this screen (their keys live as long as the screen), the certificates read and
 * the one chosen. A new screen starts empty: nothing is kept across screens or reloads.
 */
export function useCertificates() {
  const provider = useRef(createSoftProvider()).current;
  const [certificates, setCertificates] = useState<CertificateInfo[]>([]);
  const [selected, setSelected] = useState<string | null>(null);

  return {
    certificates,
    selected: certificates.find((c) => c.id === selected) ?? null,
    select: setSelected,
    /** open reads a .pfx/.p12 with its password, lists it and chooses it; throws CertificateError. */
    async open(file: File, password: string): Promise<CertificateInfo> {
      const c = provider.open(new Uint8Array(await file.arrayBuffer()), password);
      setCertificates(await provider.list());
      setSelected(c.id);
      return c;
    },
    /**
     * prove signs a challenge with the chosen certificate: it asks the challenge for the
     * certificate's serial, signs it in the page and submits the proof (the certificate goes
     * beside the signature). With none chosen it throws 请选择证书.
     */
    async prove<T>(challenge: (serialNumber: string) => Promise<string>, submit: (proof: Proof) => Promise<T>): Promise<T> {
      const c = certificates.find((x) => x.id === selected);
      if (!c) throw new CertificateError(certText.pleaseSelect);
      const signed = await provider.sign(c.id, await challenge(c.serialNumber));
      return submit({ serialNumber: c.serialNumber, ...signed, certificate: signed.certificate ?? c.certificate });
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
