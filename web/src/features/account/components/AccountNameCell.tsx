import { Button, Space } from 'antd';
import { accountText } from '@/shared/locales/account';
import { PlainTag } from '@/shared/components/PlainTag';

/**
 * AccountNameCell is the 登录账号 value of the person and the enterprise information pages:
 * the name, then 修改登录账号 — or, once the one allowed rename was used, a tag saying so
 * (02 §2: the login account can be changed once).
 */
export function AccountNameCell({ account, renamed, onRename }: { account: string; renamed: boolean; onRename: () => void }) {
  const t = accountText;
  return (
    <Space>
      <span data-testid="account-name">{account}</span>
      {renamed ? (
        <PlainTag>{t.rename.done}</PlainTag>
      ) : (
        <Button type="link" size="small" onClick={onRename}>
          {t.actions.editAccount}
        </Button>
      )}
    </Space>
  );
}
