import { MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import styles from '../components/recovery.module.css';

const t = zhCN.recovery;

/**
 * FindPwdPage is /supply/findPwd (01 §2): the two method cards. The certificate card says
 * that it comes with the digital-certificate issue.
 */
export default function FindPwdPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.cards}>
      <Card data-testid="method-mobile">
        <Card.Meta avatar={<MobileOutlined style={{ fontSize: 36, color: '#1677ff' }} />} title={t.methodPhoneTitle} description={t.methodPhoneDesc} />
        <div className={styles.actions}>
          <Button type="primary" onClick={() => void navigate(paths.mobileOrEmail)}>
            {t.go}
          </Button>
        </div>
      </Card>
      <Card data-testid="method-cert">
        <Card.Meta
          avatar={<SafetyCertificateOutlined style={{ fontSize: 36, color: '#999' }} />}
          title={
            <>
              {t.methodCertTitle} <Tag>{t.comingTag}</Tag>
            </>
          }
          description={t.methodCertDesc}
        />
        <p style={{ color: '#999', marginTop: 16 }}>{t.methodCertComing}</p>
      </Card>
    </div>
  );
}
