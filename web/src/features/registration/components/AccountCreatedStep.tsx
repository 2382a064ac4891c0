import { Button, Descriptions, Flex } from 'antd';
import { zhCN } from '@/shared/locales/zh-CN';
import { PlainResult } from '@/shared/components/PlainResult';

/**
 * AccountCreatedStep is step 0 of the individual wizard seen again through 上一步 or the step
 * indicator (01 §2: step 1's Previous moves back one step). The account already exists and
 * cannot be registered twice, so the step shows it rather than the empty account form; 下一步
 * goes on to the real-name information, which keeps what was typed there.
 */
export function AccountCreatedStep({ account, phone, onNext }: { account: string; phone: string; onNext: () => void }) {
  const t = zhCN.registration.person;
  return (
    <div style={{ maxWidth: 560, margin: '0 auto' }} data-testid="account-created-step">
      <PlainResult status="success" title={t.accountCreated} subTitle={t.accountCreatedNote} style={{ padding: '16px 0' }} />
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label={zhCN.registration.account.account}>{account}</Descriptions.Item>
        <Descriptions.Item label={zhCN.registration.account.phone}>{phone}</Descriptions.Item>
      </Descriptions>
      <Flex justify="center">
        <Button type="primary" onClick={onNext} data-testid="account-created-next">
          {t.next}
        </Button>
      </Flex>
    </div>
  );
}
