import { DialogRoute } from '../components/routedDialog';

/** LegalPersonalManualAuthenticationPage is /accountCenter/legalPerson/legalPersonalManualAuthentication (02 §2): the enterprise manual-authentication dialog of the authentication modes page. It goes to the host page with the dialog open; another kind of account gets its own kind's dialog. */
export default function LegalPersonalManualAuthenticationPage() {
  return <DialogRoute dialog="manual" />;
}
