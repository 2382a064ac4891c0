import { Card } from 'antd';
import { Link } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { RecoveryWizard } from '../components/RecoveryWizard';

const t = zhCN.recovery;

/**
 * ForgetPwdPage is /register/forgetPwd, the login page's 忘记密码: the phone wizard of
 * 01 §2 (验证身份, 选择账号, 重置密码, 完成). Other ways are on /supplyFrame.
 */
export default function ForgetPwdPage() {
  return (
    <Card
      title={zhCN.pages.forgetPwd}
      style={{ maxWidth: 1000, margin: '48px auto' }}
      extra={
        <span>
          <Link to={paths.findPwd}>{t.methodPhoneTitle}</Link> · <Link to={paths.login}>{t.backToLogin}</Link>
        </span>
      }
    >
      <RecoveryWizard steps={t.steps} channel="sms" />
    </Card>
  );
}
