import { DialogRoute } from '../components/routedDialog';

/** EditLegalPersonInformationPage is /accountCenter/legalPerson/editLegalPersonInformation (02 §2): the enterprise edit dialog on the basic-information page. It goes to the host page with the dialog open; another kind of account gets its own kind's dialog. */
export default function EditLegalPersonInformationPage() {
  return <DialogRoute dialog="edit" />;
}
