import { useQuery } from '@tanstack/react-query';
import { Panel } from '@/shared/components/Panel';
import { SecurityCards } from '../components/SecurityCards';
import { accountQueries } from '../api/queries';

/**
 * AccountSecurityPage holds the change-password, change-phone and e-mail cards (02 §2), and 下载我的数据
 * (docs/decisions/personal-data.md, "Data protection"): the page of a person's and an enterprise's account settings, where a user looks
 * for what the platform keeps about the account. The page is its cards: they come with its chunk.
 */
export default function AccountSecurityPage() {
  const q = useQuery(accountQueries.security());
  if (!q.data) return <Panel loading />;
  return <SecurityCards phone={q.data.phone} type={q.data.type} email={q.data.email} emailVerified={q.data.emailVerified} />;
}
