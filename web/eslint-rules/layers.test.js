import path from 'node:path';
import { RuleTester } from 'eslint';
import { layersRule } from './layers.js';

const src = path.resolve('/repo/web/src');
const f = (rel) => path.join(src, rel);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const options = [{ srcDir: src }];

tester.run('bidpass/layers', layersRule, {
  valid: [
    { filename: f('features/auth/pages/LoginPage.tsx'), code: "import { http } from '@/shared/api/http';", options },
    { filename: f('features/auth/pages/LoginPage.tsx'), code: "import { signIn } from '../api/signIn';", options },
    { filename: f('features/auth/pages/LoginPage.tsx'), code: "import x from '@/features/auth/hooks/useLogout';", options },
    { filename: f('features/auth/pages/LoginPage.tsx'), code: "import { Button } from 'antd';", options },
    { filename: f('app/routes.tsx'), code: "const P = () => import('@/features/auth/pages/LoginPage');", options },
    { filename: f('shared/api/http.ts'), code: "import { paths } from '../paths';", options },
    { filename: f('test/renderApp.tsx'), code: "import { routes } from '@/app/routes';", options },
  ],
  invalid: [
    {
      filename: f('features/dev/pages/X.tsx'),
      code: "import LoginPage from '@/features/auth/pages/LoginPage';",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: f('features/dev/pages/X.tsx'),
      code: "import M from '../../account/pages/ModifyRecordPage';",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: f('features/dev/pages/X.tsx'),
      code: "export * from '../../auth';",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: f('features/dev/pages/X.tsx'),
      code: "const m = import('@/features/registration/pages/RegisterFrame');",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: f('features/dev/pages/X.tsx'),
      code: "import { routes } from '@/app/routes';",
      options,
      errors: [{ messageId: 'featureToApp' }],
    },
    {
      filename: f('shared/layout/X.tsx'),
      code: "import { useLogout } from '@/features/auth/hooks/useLogout';",
      options,
      errors: [{ messageId: 'sharedUp' }],
    },
    {
      filename: f('shared/layout/X.tsx'),
      code: "import { AppProviders } from '../../app/providers';",
      options,
      errors: [{ messageId: 'sharedUp' }],
    },
  ],
});
