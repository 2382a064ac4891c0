/** 下载我的数据 (docs/decisions/personal-data.md, "Data protection"); apart from accountText so that only its card's chunk carries it. */
export const dataExportText = {
  card: '下载我的数据',
  intro: '将平台保存的本账户数据打包为一个 zip 文件下载，内容包括：',
  items: [
    '账户与实名信息：account.json，以及可直接阅读的“我的数据.txt”',
    '记录：修改记录、操作记录、经办人关系、入库申请、绑定的证书及绑定与解绑记录、近期登录记录（records 目录）',
    '文件：上传的证件照片、营业执照和入库证明材料（photos 目录）',
  ],
  sensitive: '文件中的证件号码为完整号码，证件照片为原图，请妥善保存，不要发给他人。',
  button: '下载我的数据',
  preparing: '正在打包…',
  confirmTitle: '确认下载我的数据？',
  confirmBody: '压缩包含有您完整的证件号码和证件照片，请在自己的设备上保存。',
  confirmOk: '下载',
  cancel: '取消',
  done: '已开始下载',
  failed: '下载失败，请稍后重试',
  defaultName: '我的数据.zip',
};
