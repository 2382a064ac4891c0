import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSignIn, UserType } from '../session/session';
import { createQueryClient } from './queryClient';

const person = (token: string, userName: string) => ({ token, userName, userId: '1', userType: UserType.Person, registerProcess: false });

afterEach(() => clearSession());

describe('createQueryClient', () => {
  it('keeps no answer when the session changes hands: sign-out, another sign-in', () => {
    saveSignIn(person('tok-a', 'alice01'));
    const qc = createQueryClient();
    qc.setQueryData(['account', 'security'], { userName: 'alice01' });
    // The same session stored again (a tab's write of the same values) keeps the cache.
    saveSignIn(person('tok-a', 'alice01'));
    expect(qc.getQueryData(['account', 'security'])).toEqual({ userName: 'alice01' });

    clearSession();
    expect(qc.getQueryData(['account', 'security'])).toBeUndefined();

    qc.setQueryData(['account', 'security'], { userName: 'alice01' });
    saveSignIn(person('tok-b', 'bob01'));
    expect(qc.getQueryData(['account', 'security'])).toBeUndefined();
  });
});
