package app

import (
	"context"

	"bidpass/internal/mfa"
	"bidpass/internal/profile"
	"bidpass/internal/session"
	"bidpass/internal/sms"
)

// OpSecondFactor is the operation-record type of second-factor changes
// (types 1–4 are the account centre's and the operator links').
const OpSecondFactor = "5"

// factorWords are the record's and the notice's words for each event.
var factorWords = map[mfa.Event][2]string{
	mfa.Enrolled:     {"开启", "您的账号已开启动态口令（两步验证）。如非本人操作，请立即修改密码并联系客服。"},
	mfa.Removed:      {"关闭", "您的账号已关闭动态口令（两步验证）。如非本人操作，请立即修改密码并联系客服。"},
	mfa.Reset:        {"由管理员重置", "您的账号的动态口令已由管理员重置，下次登录时请重新绑定。"},
	mfa.CodesRenewed: {"重新生成恢复码", "您的账号已重新生成恢复码，旧的恢复码已失效。如非本人操作，请立即联系客服。"},
	mfa.RecoveryUsed: {"使用恢复码登录", "您的账号刚刚使用了一个恢复码完成两步验证。如非本人操作，请立即修改密码并联系客服。"},
}

// buildSecondFactor builds the TOTP factor; its events become operation
// records of portal accounts and SMS notices to the holder
// (docs/decisions/second-factor.md, "Records and notices").
func (a *App) buildSecondFactor() *mfa.Service {
	return mfa.New(mfa.Deps{Store: a.DB, Tx: a.DB, Ephemeral: a.Ephemeral, Credentials: a.creds, Clock: a.Clock,
		Issuer: a.Config.SiteTitle, Record: a.recordFactorEvent})
}

func (a *App) recordFactorEvent(ctx context.Context, sub mfa.Subject, e mfa.Event) error {
	if sub.Kind != session.Portal {
		return nil // staff changes are staff actions (internal/staff)
	}
	w := factorWords[e]
	if err := a.Profile.RecordOperation(ctx, profile.OperationRecord{AccountID: sub.ID, ActorName: sub.Name, OperationType: OpSecondFactor,
		Remarks: []profile.FieldChange{{FieldName: "动态口令", AfterValue: w[0]}}}); err != nil {
		return err
	}
	acc, err := a.DB.AccountByID(ctx, sub.ID)
	if err != nil || acc.Phone == "" {
		return err
	}
	// The queue keeps the notice with the change and retries it; a phone
	// it cannot reach must not undo the change.
	if err := a.Notices.NotifyScene(ctx, acc.Phone, sms.SceneNotice, w[1], nil); err != nil {
		a.Log.Warn("second factor: notice not queued", "account", sub.ID, "err", err)
	}
	return nil
}
