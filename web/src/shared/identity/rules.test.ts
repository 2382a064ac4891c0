import { describe, expect, it } from 'vitest';
import {
  creditCodeOk,
  enterpriseCertNumOk,
  enterpriseCertTypeAllowed,
  normalizeCertNum,
  personCertNumOk,
  residencePermitOk,
  residentIdOk,
  stripSpaces,
} from './rules';

// Mirrors of internal/certno and internal/registration: the same numbers pass and fail here.
describe('identity rules (mirrors of the server)', () => {
  it('checks the GB 11643 check character and the birth date', () => {
    expect(residentIdOk('11010519491231002X')).toBe(true);
    expect(residentIdOk('11010519491231002x')).toBe(true);
    expect(residentIdOk('110105194912310021')).toBe(false);
    // Right check character, impossible birth date (1949-13-31).
    expect(residentIdOk('110105194913310021')).toBe(false);
    expect(residentIdOk('1101051949123100')).toBe(false);
  });
  it('accepts residence permits only with an 81/82/83 prefix', () => {
    expect(residencePermitOk('11010519491231002X')).toBe(false);
    expect(personCertNumOk('237', '11010519491231002X')).toBe(false);
  });
  it('checks the GB 32100 check character of a credit code', () => {
    expect(creditCodeOk('91350100M000100Y43')).toBe(true);
    expect(creditCodeOk('91350100m000100y43')).toBe(true);
    expect(creditCodeOk('91110000100000000R')).toBe(true);
    expect(creditCodeOk('91350100M000100Y44')).toBe(false);
    // I, O, Z, S, V are not in the alphabet; positions 3–8 are digits.
    expect(creditCodeOk('91350100M000100YI3')).toBe(false);
    expect(creditCodeOk('913A0100M000100Y43')).toBe(false);
    expect(creditCodeOk('91350100M000100Y4')).toBe(false);
  });
  it('checks certificate numbers by type, others by shape', () => {
    expect(personCertNumOk('1', '1101 0519 4912 3100 2x')).toBe(true);
    expect(personCertNumOk('2', 'E1234567')).toBe(true);
    expect(personCertNumOk('2', 'E12')).toBe(false);
    expect(enterpriseCertNumOk('1', '91350100M000100Y43')).toBe(true);
    expect(enterpriseCertNumOk('1', 'ABCD1234')).toBe(false);
    expect(enterpriseCertNumOk('2', 'ABCD1234')).toBe(true);
    expect(enterpriseCertNumOk('2', 'AB!')).toBe(false);
  });
  it('refuses 其他有效证件 for a domestic enterprise only', () => {
    expect(enterpriseCertTypeAllowed('A1', '2')).toBe(false);
    expect(enterpriseCertTypeAllowed('A1', '1')).toBe(true);
    expect(enterpriseCertTypeAllowed('A2', '2')).toBe(true);
  });
  it('strips spaces and upper-cases certificate numbers', () => {
    expect(stripSpaces(' 138 0000\t0000 ')).toBe('13800000000');
    expect(normalizeCertNum(' 9135 0100m ')).toBe('91350100M');
  });
});
