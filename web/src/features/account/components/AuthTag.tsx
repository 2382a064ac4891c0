import { accountText } from '@/shared/locales/account';
import { PlainTag } from '@/shared/components/PlainTag';

/**
 * AuthTag is the authentication badge. It has a file of its own so that the account centre's
 * first page can show it without loading the information page (its table, date picker and
 * cascader: about 100 KiB gzip, docs/decisions/frontend-load.md, "Front-end load").
 */
export function AuthTag({ state }: { state: number }) {
  const color = state === 1 ? 'green' : state === 99 ? 'blue' : state === 2 ? 'red' : 'default';
  return (
    <PlainTag color={color} data-testid="auth-tag">
      {accountText.authState[state] ?? accountText.authState[0]}
    </PlainTag>
  );
}
