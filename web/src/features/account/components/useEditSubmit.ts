import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError, type ApiResult } from '@/shared/api/http';

/**
 * useEditSubmit sends an edit, shows the server's success message (修改成功 or
 * 修改成功，等待管理员审核), refreshes the account queries, and on failure keeps what
 * was typed and puts the server's field messages on the fields.
 */
export function useEditSubmit<T>(form: FormInstance, onDone: () => void, fieldMap: Record<string, string> = {}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run(send: () => Promise<ApiResult<T>>) {
    setBusy(true);
    try {
      const r = await send();
      void message.success(r.msg);
      await qc.invalidateQueries({ queryKey: ['account'] });
      onDone();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        const fields = Object.entries(e.fields ?? {});
        if (fields.length > 0) form.setFields(fields.map(([k, v]) => ({ name: fieldMap[k] ?? k, errors: [v] })));
        void message.error(e.msg);
      }
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
