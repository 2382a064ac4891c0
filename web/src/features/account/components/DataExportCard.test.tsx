import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachmentFileName } from '@/shared/api/http';
import { saveSignIn, UserType } from '@/shared/session/session';
import { DataExportCard } from './DataExportCard';

const zipBytes = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

function zipAnswer(): Response {
  return new Response(zipBytes, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="bidpass-data-7.zip"; filename*=UTF-8''bidpass-data-7.zip`,
    },
  });
}

/** renderCard renders the card with the app's toast binding, so the HTTP client's toasts are shown. */
function renderCard(): void {
  render(
    <MessageApp toast>
      <DataExportCard />
    </MessageApp>,
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let saved: { name: string; blob: Blob }[];

beforeEach(() => {
  saveSignIn({ token: 'tok-secret', userName: 'alice', userId: '7', userType: UserType.Person, registerProcess: false });
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      const u = `blob:test/${++n}`;
      blobs.set(u, b);
      return u;
    }),
    revokeObjectURL: vi.fn(),
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function startDownload() {
  const user = userEvent.setup();
  renderCard();
  await user.click(screen.getByTestId('data-export-button'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('确认下载我的数据？');
  expect(dialog.textContent).toContain('完整的证件号码和证件照片');
  await user.click(within(dialog).getByRole('button', { name: /^下\s*载$/ }));
}

describe('DataExportCard', () => {
  it('says what the zip holds', () => {
    renderCard();
    const list = screen.getByTestId('data-export-contents');
    for (const part of ['account.json', '修改记录', '操作记录', '经办人关系', '入库申请', '绑定的证书', '登录记录', '证件照片']) {
      expect(list.textContent).toContain(part);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks first, then downloads with the session in a header (never in the URL), showing 正在打包… meanwhile', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await startDownload();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new URL(url, 'http://h').pathname).toBe('/api/account/export');
    expect(url).not.toContain('tok-secret');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-secret');
    const button = screen.getByTestId('data-export-button');
    expect(button).toHaveTextContent('正在打包');
    expect(button.className).toContain('ant-btn-loading');

    answer(zipAnswer());
    await waitFor(() => expect(saved).toHaveLength(1));
    const [file] = saved;
    expect(file?.name).toBe('bidpass-data-7.zip');
    expect(new Uint8Array((await file?.blob.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(zipBytes);
    expect(await screen.findByText('已开始下载')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('data-export-button')).toHaveTextContent('下载我的数据'));
  });

  it('a refusal is the server’s Chinese message, and nothing is saved', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 403, msg: '账户已被禁用', data: null }), { status: 403, headers: { 'Content-Type': 'application/json' } }),
    );
    await startDownload();
    expect(await screen.findByText('账户已被禁用')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('data-export-button')).not.toHaveClass('ant-btn-loading'));
  });

  it('no answer is 网络异常，请稍后重试', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await startDownload();
    expect(await screen.findByText('网络异常，请稍后重试')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('cancelling the question downloads nothing', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByTestId('data-export-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^取\s*消$/ }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('attachmentFileName', () => {
  it('prefers filename*, falls back to filename, and is empty without either', () => {
    expect(attachmentFileName(`attachment; filename="a_.zip"; filename*=UTF-8''%E6%88%91%E7%9A%84.zip`)).toBe('我的.zip');
    expect(attachmentFileName('attachment; filename="plain.zip"')).toBe('plain.zip');
    expect(attachmentFileName(`attachment; filename="x.zip"; filename*=UTF-8''%E6%88`)).toBe('x.zip');
    expect(attachmentFileName(null)).toBe('');
  });
});
