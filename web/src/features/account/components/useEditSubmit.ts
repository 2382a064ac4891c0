import { useQueryClient } from '@tanstack/react-query';
import { type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError, type ApiResult } from '@/shared/api/http';
import { useMessage } from '@/shared/feedback/message';
import { accountKeys } from '../api/queries';

/** FieldOf names the form field that shows a server field key (a map, or a function for prefixed keys). */
export type FieldOf = Record<string, string> | ((key: string) => string);

/**
 * useEditSubmit sends an edit, shows the server's success message (修改成功 or
 * 修改成功，等待管理员审核), refreshes the account queries, and on failure keeps what
 * was typed and puts the server's field messages on the fields. reasonField puts a
 * refusal that names no field (e.g. a wrong SMS code, reason sms.wrong) under the field
 * it is about.
 */
export function useEditSubmit<T>(form: FormInstance, onDone: () => void, fieldOf: FieldOf = {}, reasonField: Record<string, string> = {}) {
  const message = useMessage();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const nameOf = (k: string) => (typeof fieldOf === 'function' ? fieldOf(k) : (fieldOf[k] ?? k));
  async function run(send: () => Promise<ApiResult<T>>) {
    setBusy(true);
    try {
      const r = await send();
      void message.success(r.msg);
      await qc.invalidateQueries({ queryKey: accountKeys.all });
      onDone();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        const fields = Object.entries(e.fields ?? {});
        if (fields.length > 0) form.setFields(fields.map(([k, v]) => ({ name: nameOf(k), errors: [v] })));
        else if (e.reason && reasonField[e.reason]) form.setFields([{ name: reasonField[e.reason], errors: [e.msg] }]);
        void message.error(e.msg);
      }
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
