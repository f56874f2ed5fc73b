#include "gui/sessions/status_messages.hpp"

#include <utility>

namespace prefixlab {

std::string status_message_text(MessageKind kind, const std::string& message) {
    switch (kind) {
    case MessageKind::info:
        return message;
    case MessageKind::warning:
        return "warning: " + message;
    case MessageKind::error:
        return "error: " + message;
    }
    return message;
}

void StatusMessages::inform(std::string message) {
    message_ = std::move(message);
    message_kind_ = MessageKind::info;
}

void StatusMessages::warn(std::string message) {
    message_ = std::move(message);
    message_kind_ = MessageKind::warning;
}

void StatusMessages::report_error(std::string message) {
    message_ = std::move(message);
    message_kind_ = MessageKind::error;
}

} // namespace prefixlab
