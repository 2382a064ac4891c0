import { describe, expect, it } from 'vitest';
import { paths } from '@/shared/paths';
import { ownPage } from './ownPage';

const ac = paths.accountCenter;

describe('ownPage', () => {
  it('sends each kind to its own page of a kind-specific pair', () => {
    expect(ownPage(ac.essentialInformation, true)).toBe(ac.legalPersonInformation);
    expect(ownPage(ac.legalPersonInformation, false)).toBe(ac.essentialInformation);
    expect(ownPage(ac.editEssentialInformation, true)).toBe(ac.editLegalPersonInformation);
    expect(ownPage(ac.legalPersonalManualAuthentication, false)).toBe(ac.personalManualAuthentication);
  });
  it('keeps a page of the right kind and the shared pages', () => {
    expect(ownPage(ac.legalPersonInformation, true)).toBe(ac.legalPersonInformation);
    expect(ownPage(ac.essentialInformation, false)).toBe(ac.essentialInformation);
    expect(ownPage(ac.modifyRecord, true)).toBe(ac.modifyRecord);
    expect(ownPage(ac.accountSecurity, false)).toBe(ac.accountSecurity);
  });
});
