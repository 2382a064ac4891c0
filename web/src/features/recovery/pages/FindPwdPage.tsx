import { MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { Panel, PanelMeta } from '@/shared/components/Panel';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import styles from '../components/recovery.module.css';

const t = zhCN.recovery;

/**
 * FindPwdPage is /supply/findPwd (01 §2): the two method cards; the certificate card works
 * (docs/spec/DECISIONS.md) and opens recovery by a bound certificate.
 */
export default function FindPwdPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.cards}>
      <Panel data-testid="method-mobile">
        <PanelMeta avatar={<MobileOutlined style={{ fontSize: 36, color: '#1677ff' }} />} title={t.methodPhoneTitle} description={t.methodPhoneDesc} />
        <div className={styles.actions}>
          <Button type="primary" onClick={() => void navigate(paths.mobileOrEmail)}>
            {t.go}
          </Button>
        </div>
      </Panel>
      <Panel data-testid="method-cert">
        <PanelMeta
          avatar={<SafetyCertificateOutlined style={{ fontSize: 36, color: '#1677ff' }} />}
          title={t.methodCertTitle}
          description={t.methodCertDesc}
        />
        <div className={styles.actions}>
          <Button type="primary" onClick={() => void navigate(paths.certificateRecovery)} data-testid="method-cert-go">
            {t.go}
          </Button>
        </div>
      </Panel>
    </div>
  );
}
