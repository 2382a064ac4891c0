import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Descriptions, Empty, Space, Spin } from 'antd';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useAdmissionSlots } from '@/shared/admissionSlots';
import { accountText } from '@/shared/locales/account';
import { operatorText } from '@/shared/locales/operators';
import { paths } from '@/shared/paths';
import { UserType, useSession } from '@/shared/session';
import { maskPhone } from '../components/format';
import { shownLevel } from '../components/TrustLevelTag';
import { AuthTag } from '../components/AuthTag';
import { CertificateSummary } from '../components/CertificateSummary';
import { accountQueries } from '../api/queries';

/**
 * AccountCenterPage is /accountCenterPage (02 §2): collapsible sections for account
 * information with security, real-name authentication, digital certificate, operators,
 * and (for enterprises) library application (the admission feature's role cards).
 */
export default function AccountCenterPage() {
  const { userType } = useSession();
  const navigate = useNavigate();
  const s = accountText.sections;
  const enterprise = userType === UserType.Enterprise;
  const admission = useAdmissionSlots();
  const sec = useQuery(accountQueries.security());
  const trust = useQuery(accountQueries.trust());
  const ac = paths.accountCenter;
  const items = [
    {
      key: 'info',
      label: s.info,
      // Only the title toggles: the header is then no button holding the extra's button (axe nested-interactive).
      collapsible: 'header' as const,
      extra: (
        <Button type="link" size="small" onClick={(e) => { e.stopPropagation(); void navigate(enterprise ? ac.legalPersonInformation : ac.essentialInformation); }}>
          {s.goCenter}
        </Button>
      ),
      children: (
        // One column below 576 px: two columns of label and value overflowed a 320 px screen (1.4.10).
        <Descriptions column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={accountText.fields.account}>{sec.data?.account ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={accountText.fields.phone}>{sec.data ? maskPhone(sec.data.phone) : '-'}</Descriptions.Item>
          <Descriptions.Item label={accountText.menu.basic}>
            <Button type="link" size="small" onClick={() => void navigate(enterprise ? ac.legalPersonInformation : ac.essentialInformation)}>
              {accountText.actions.view}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label={accountText.security.pwdLabel}>
            <Button type="link" size="small" onClick={() => void navigate(ac.accountSecurity)} data-testid="home-change-password">
              {accountText.security.pwdCard}
            </Button>
          </Descriptions.Item>
        </Descriptions>
      ),
    },
    {
      key: 'realname',
      label: s.realName,
      children: (
        <Space>
          {/* The level counts a rejection as 0: shown as 认证未通过 as on the other pages (docs/decisions/usability.md, "A careful user's findings (behaviour items)"). */}
          <AuthTag state={shownLevel(trust.data?.level ?? 0, trust.data?.items.find((i) => i.type === 'manual')?.state ?? 0)} />
          <Button type="link" onClick={() => void navigate(ac.authenticationModes)}>
            {accountText.menu.trustLevel}
          </Button>
        </Space>
      ),
    },
    { key: 'ca', label: s.certificate, children: <CertificateSummary /> },
    {
      key: 'operators',
      label: enterprise ? s.operatorsEnterprise : s.operatorsPerson,
      children: (
        <Button type="link" onClick={() => void navigate(ac.enterpriseLegalPerson)} data-testid="operators-link">
          {operatorText.goPage[enterprise ? 'enterprise' : 'person']}
        </Button>
      ),
    },
    ...(enterprise ? [{ key: 'library', label: s.library, children: admission ? <Suspense fallback={<Spin />}><admission.Library /></Suspense> : <Empty description={s.libraryLater} /> }] : []),
  ];
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      <Collapse items={items} defaultActiveKey={['info', 'realname', 'ca', 'operators', 'library']} />
    </div>
  );
}
