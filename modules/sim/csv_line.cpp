#include "csv_line.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace mvp::sim {

bool CsvLine::split(const std::string& line, std::vector<std::string>* fields, std::string* error) {
    fields->clear();
    size_t i = 0;
    while (true) {
        std::string f;
        if (i < line.size() && line[i] == '"') {
            for (++i;; ++i) {
                if (i >= line.size()) {
                    *error = "column " + std::to_string(fields->size() + 1) +
                             ": the quoted text does not end";
                    return false;
                }
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        f += '"';
                        ++i;
                        continue;
                    }
                    ++i;
                    break;
                }
                f += line[i];
            }
            if (i < line.size() && line[i] != ',') {
                *error = "column " + std::to_string(fields->size() + 1) +
                         ": text after the closing quote";
                return false;
            }
        } else {
            const size_t comma = std::min(line.find(',', i), line.size());
            f = line.substr(i, comma - i);
            i = comma;
        }
        fields->push_back(std::move(f));
        if (i >= line.size()) return true;
        ++i;
    }
}

void CsvLine::append_quoted(std::string& line, const std::string& text) {
    line += '"';
    for (char c : text) {
        if (c == '"') line += '"';
        line += c;
    }
    line += '"';
}

bool CsvLine::number(const std::string& s, uint64_t* value) {
    if (s.empty()) return false;
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (size_t i = hex ? 2 : 0; i < s.size(); ++i)
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(s[i]))
                  : std::isdigit(static_cast<unsigned char>(s[i]))))
            return false;
    errno = 0;
    *value = std::strtoull(s.c_str() + (hex ? 2 : 0), nullptr, hex ? 16 : 10);
    return errno == 0;
}

}  // namespace mvp::sim
