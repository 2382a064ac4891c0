package app

import (
	"context"
	"fmt"

	"bidpass/internal/clock"

	"bidpass/internal/devices"
	"bidpass/internal/session"
	"bidpass/internal/sms"
)

// devicesPage is the account centre's 登录设备管理 (web/src/shared/paths.ts):
// where a notice sends the holder.
const devicesPage = "/#/accountCenter/personal/devices"

// buildDevices builds the list of signed-in devices and the sign-in
// history, which hears of every sign-in from the session service and sends
// the new-device notice (docs/decisions/sessions-and-devices.md).
func (a *App) buildDevices() *devices.Service {
	d := devices.New(session.NewDevices(a.Sessions, a.DB), a.SSO)
	a.History = devices.NewHistory(a.DB, a.notifyNewDevice, d, a.Clock, a.Log)
	a.Sessions.Observe(a.History)
	return d
}

// notifyNewDevice sends a portal holder the new-device notice: by SMS, and
// to the e-mail address too when it is verified. Staff have neither on
// record: their sign-ins from new devices are in their history, which
// administrators see.
func (a *App) notifyNewDevice(ctx context.Context, kind session.Kind, id int64, n devices.NewDeviceNotice) error {
	if kind != session.Portal {
		return nil
	}
	acc, err := a.DB.AccountByID(ctx, id)
	if err != nil {
		return err
	}
	text := fmt.Sprintf("您的账号%s于%s通过%s在新设备（%s，%s，%s）登录。如非本人操作，请立即修改密码并退出其他设备：%s%s",
		acc.Name, n.At.In(clock.China).Format("2006-01-02 15:04"), n.Way, n.Browser, n.System, n.Address, a.Config.PublicURL, devicesPage)
	err = a.Notices.NotifyOn(ctx, sms.SMS, acc.Phone, sms.SceneNewDevice, text, nil)
	if acc.EmailVerified() {
		if e := a.Notices.NotifyOn(ctx, sms.Email, acc.Email, sms.SceneNewDevice, text, nil); err == nil {
			err = e
		}
	}
	return err
}
