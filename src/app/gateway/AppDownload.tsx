/**
 * The app download popup of the gateway page (spec section 1): a QR code for Android and one for iOS, drawn in
 * the browser from the addresses configured in schemas/site/gateway.json.
 */
import { Modal } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export interface DownloadTarget {
  label: string;
  url: string;
}

function QrCode({ target }: { target: DownloadTarget }) {
  const [image, setImage] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(target.url, { width: 180, margin: 1 }).then(
      (url) => live && setImage(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [target.url]);
  return (
    <figure className="app-qr" data-testid="app-qr">
      {image ? (
        <img src={image} width={180} height={180} alt={`${target.label}下载二维码`} data-url={target.url} />
      ) : (
        <div className="app-qr-placeholder">{failed ? '二维码生成失败' : '生成中…'}</div>
      )}
      <figcaption>{target.label}</figcaption>
    </figure>
  );
}

export default function AppDownload({
  title,
  android,
  ios,
  onClose,
}: {
  title: string;
  android: DownloadTarget;
  ios: DownloadTarget;
  onClose: () => void;
}) {
  return (
    <Modal visible title={title} footer={null} onCancel={onClose} style={{ width: 520 }}>
      <div className="app-download">
        <QrCode target={android} />
        <QrCode target={ios} />
      </div>
      <p className="app-download-note">请使用手机扫描二维码下载安装</p>
    </Modal>
  );
}
