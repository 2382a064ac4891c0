import { DialogRoute } from '../components/routedDialog';

/** EditEssentialInformationPage is /accountCenter/personal/editEssentialInformation (02 §2): the person edit dialog on the basic-information page. It goes to the host page with the dialog open; another kind of account gets its own kind's dialog. */
export default function EditEssentialInformationPage() {
  return <DialogRoute dialog="edit" />;
}
