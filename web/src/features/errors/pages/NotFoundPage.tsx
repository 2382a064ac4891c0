import { StatusResult } from '../components/StatusResult';

/** NotFoundPage is shown for any route that does not exist. */
export default function NotFoundPage() {
  return <StatusResult status={404} />;
}
