import { useParams } from 'react-router';
import { StatusResult } from '../components/StatusResult';

/**
 * ErrorStatusPage is /error/:status, where the HTTP client sends a page whose data
 * answered 404 or 5xx (02 §8). A status that is not a number shows 404.
 */
export default function ErrorStatusPage() {
  const { status } = useParams();
  const n = Number(status);
  return <StatusResult status={Number.isInteger(n) && n >= 400 && n <= 599 ? n : 404} />;
}
