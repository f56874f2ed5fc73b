// The status bar's one message at a time, which every session and feature writes.
#pragma once

#include <string>

namespace prefixlab {

// What a status message is: news, a warning (a settings file ignored: the app carries on as asked), or an
// error (what was asked for failed). The kind is data: messages are written without "warning: " or
// "error: ", and status_message_text() adds the word where a message is shown (the status bar,
// report-settings), the one place it is added, so no message is ever prefixed twice.
enum class MessageKind { info, warning, error };

// The message as shown: "warning: TEXT", "error: TEXT", or TEXT.
std::string status_message_text(MessageKind kind, const std::string& message);

class StatusMessages {
public:
    const std::string& message() const { return message_; }
    MessageKind message_kind() const { return message_kind_; }
    bool message_is_error() const { return message_kind_ == MessageKind::error; }
    void inform(std::string message);
    void warn(std::string message);
    void report_error(std::string message);

private:
    std::string message_;
    MessageKind message_kind_ = MessageKind::info;
};

} // namespace prefixlab
