import { DialogRoute } from '../components/routedDialog';

/** PersonalManualAuthenticationPage is /accountCenter/personal/personalManualAuthentication (02 §2): the manual-authentication dialog of the authentication modes page. It goes to the host page with the dialog open; another kind of account gets its own kind's dialog. */
export default function PersonalManualAuthenticationPage() {
  return <DialogRoute dialog="manual" />;
}
