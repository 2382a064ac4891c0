import { useQuery } from '@tanstack/react-query';
import { Button, Space, Spin, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/shared/formatTime';
import { accountText } from '@/shared/locales/account';
import { certText } from '@/shared/locales/certificates';
import { paths } from '@/shared/paths';
import { useApplyCa } from '../hooks/useApplyCa';
import { accountQueries } from '../api/queries';

/**
 * CertificateSummary is the home's 数字证书 section (02 §2): the bound certificates (serial,
 * validity, state) and the ways to bind one and to apply for one at the CA, as the other
 * sections lead to their pages.
 */
export function CertificateSummary() {
  const navigate = useNavigate();
  const applyCa = useApplyCa();
  const t = accountText.certificates;
  const bound = useQuery(accountQueries.certificates());
  const list = bound.data ?? [];
  return (
    <div data-testid="home-certificates">
      {bound.isLoading ? (
        <Spin size="small" />
      ) : list.length === 0 ? (
        <p style={{ margin: '0 0 8px' }}>{t.none}</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
          {list.map((c) => (
            <li key={c.id} style={{ marginBottom: 4 }} data-testid="home-certificate">
              <Space wrap size={12}>
                <span>
                  {t.serial}：<span style={{ wordBreak: 'break-all' }}>{c.number}</span>
                </span>
                <span>
                  {t.validity}：{formatDateTime(c.validStart)} ~ {formatDateTime(c.validEnd)}
                </span>
                <Tag color={certText.stateColors[c.state]}>{certText.states[c.state]}</Tag>
              </Space>
            </li>
          ))}
        </ul>
      )}
      <Space size={16}>
        <Button type="link" style={{ padding: 0 }} onClick={() => void navigate(paths.accountCenter.caCertificate)} data-testid="home-certificates-bind">
          {list.length === 0 ? t.bind : t.manage}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={() => void applyCa()} data-testid="home-certificates-apply">
          {accountText.menu.caApply}
        </Button>
      </Space>
    </div>
  );
}
