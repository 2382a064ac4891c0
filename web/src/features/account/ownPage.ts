import { paths } from '@/shared/paths';

const ac = paths.accountCenter;

/**
 * The account-centre pages that exist once per account kind: a person's and an
 * enterprise's counterpart of the same page. Each kind's data calls refuse the other kind
 * (403 账号类型不符), so opening the other kind's page would only show a skeleton that
 * never ends (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
 */
const counterparts: ReadonlyArray<readonly [person: string, enterprise: string]> = [
  [ac.essentialInformation, ac.legalPersonInformation],
  [ac.editEssentialInformation, ac.editLegalPersonInformation],
  [ac.personalManualAuthentication, ac.legalPersonalManualAuthentication],
];

/**
 * ownPage is the route an account of this kind should see for pathname: the counterpart of
 * the other kind's page, or pathname itself when the page serves both kinds.
 */
export function ownPage(pathname: string, enterprise: boolean): string {
  for (const [person, ent] of counterparts) {
    if (enterprise && pathname === person) return ent;
    if (!enterprise && pathname === ent) return person;
  }
  return pathname;
}

/** isKindPage reports whether pathname is one kind's page of a kind-specific pair. */
export function isKindPage(pathname: string): boolean {
  return counterparts.some((pair) => pair.includes(pathname));
}
