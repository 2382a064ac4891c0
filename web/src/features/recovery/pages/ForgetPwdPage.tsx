import { Link } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { RecoveryShell } from '../components/RecoveryShell';
import { RecoveryWizard } from '../components/RecoveryWizard';
import { VerifyForm } from '../components/VerifyForm';

const t = zhCN.recovery;

/**
 * ForgetPwdPage is /register/forgetPwd, the login page's 忘记密码: the phone wizard of
 * 01 §2 (验证身份, 选择账号, 重置密码, 完成). Other ways are on /supplyFrame.
 */
export default function ForgetPwdPage() {
  return (
    <RecoveryShell title={zhCN.pages.forgetPwd} links={<Link to={paths.findPwd}>{t.methodPhoneTitle}</Link>}>
      <RecoveryWizard steps={t.steps} verify={(onFound) => <VerifyForm channel="sms" onFound={onFound} />} />
    </RecoveryShell>
  );
}
