/**
 * dates is dayjs in Chinese (zh-cn: weeks from Monday, Chinese month and weekday names) for every
 * module that formats, compares or picks a date; a module with antd's DatePicker imports it for
 * the picker's calendar even when it calls no dayjs itself. The locale used to be set by antd's
 * providers, which put dayjs (~3 KiB gzip) into every page's first load, most of which show no
 * date (docs/decisions/frontend-load.md, "Front-end load").
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export { dayjs };
export type { Dayjs } from 'dayjs';

